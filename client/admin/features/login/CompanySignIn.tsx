// The sign-in page's "Sign in with the company account" button, shown when the server has company
// sign-in (OpenID Connect) configured: it leads to the company's provider through the server, which
// brings the browser back signed in, onto the wanted page.
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { api } from "../../../shared/api.ts";

type SignInOptions = { companySignIn: boolean; companySignInUrl: string };

export function CompanySignIn({ redirect }: { redirect: string }) {
  const { t } = useTranslation();
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    api.get<SignInOptions>("/app/TokenAuth/GetSignInOptions", undefined, { silent: true })
      .then((o) => live && setUrl(o.companySignIn ? o.companySignInUrl : null))
      .catch(() => {/* no button: passwords still work */});
    return () => {
      live = false;
    };
  }, []);
  if (!url) return null;
  const href = redirect && redirect !== "/"
    ? `${url}?redirect=${encodeURIComponent(redirect)}`
    : url;
  return (
    <div className="mt-4" data-testid="company-sign-in">
      <div className="mb-3 flex items-center gap-3 text-xs text-slate-500">
        <span className="h-px flex-1 bg-slate-200" aria-hidden="true" />
        {t("companySignIn.or")}
        <span className="h-px flex-1 bg-slate-200" aria-hidden="true" />
      </div>
      <a href={href} className="btn btn-default h-9 w-full">{t("companySignIn.button")}</a>
    </div>
  );
}

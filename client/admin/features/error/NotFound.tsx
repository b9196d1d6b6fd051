// 404: the address matches no page.
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { NO_VIEW, useView } from "../../layout/view.ts";

export default function NotFound() {
  const { t } = useTranslation();
  return (
    <ErrorPage code="404" title={t("shell.notFound.title")} body={t("shell.notFound.body")}>
      <Link to="/" className="btn btn-primary">{t("shell.backHome")}</Link>
    </ErrorPage>
  );
}

export function ErrorPage(
  { code, title, body, children }: {
    code: string;
    title: string;
    body: string;
    children?: React.ReactNode;
  },
) {
  // Inside the back-office's layout the page already has its heading (the menu's title); alone
  // (/401, /404) this is the page's one heading.
  const Heading = useView() === NO_VIEW ? "h1" : "h2";
  return (
    <div className="flex min-h-[60vh] flex-col items-center justify-center px-6 py-16 text-center">
      <p className="text-6xl font-bold tracking-tight text-primary">{code}</p>
      <Heading className="mt-4 text-xl font-semibold text-slate-900">{title}</Heading>
      <p className="mt-2 max-w-md text-sm text-slate-500">{body}</p>
      <div className="mt-6 flex gap-2">{children}</div>
    </div>
  );
}

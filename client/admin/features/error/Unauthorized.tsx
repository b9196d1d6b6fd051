// 401: the page exists but the user's permissions do not reach it.
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { ErrorPage } from "./NotFound.tsx";

export default function Unauthorized() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <ErrorPage code="401" title={t("shell.unauthorized.title")} body={t("shell.unauthorized.body")}>
      <button
        type="button"
        className="btn btn-default"
        onClick={() =>
          navigate(-1)}
      >
        {t("shell.back")}
      </button>
      <Link to="/" className="btn btn-primary">{t("shell.backHome")}</Link>
    </ErrorPage>
  );
}

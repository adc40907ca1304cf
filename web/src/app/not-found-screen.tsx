import { Link } from "react-router";
import { PageTitle } from "../base/page-title.tsx";
import { t } from "../i18n/index.ts";

export function NotFoundScreen() {
  return (
    <>
      <PageTitle text={t("Page not found")} />
      <h1>{t("Page not found")}</h1>
      <p>{t("There is nothing at this address.")}</p>
      <Link to="/">{t("Back to the shop")}</Link>
    </>
  );
}

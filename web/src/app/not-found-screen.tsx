import { Link } from "react-router";
import { t } from "../i18n/index.ts";
import { PageTitle } from "./page-title.tsx";

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

import { Link } from "react-router";
import { t } from "../i18n/index.ts";

export function NotFoundScreen() {
  return (
    <>
      <title>{`${t("Page not found")} | Krishi Bazaar`}</title>
      <h1>{t("Page not found")}</h1>
      <p>{t("There is nothing at this address.")}</p>
      <Link to="/">{t("Back to the shop")}</Link>
    </>
  );
}

import { t } from "../i18n/index.ts";

/** The large (100px) spinner with the text "Loading..." (spec). */
export function Loader() {
  return (
    <div role="status" className="d-flex flex-column align-items-center my-4">
      <div className="spinner-border text-primary loader__spinner" aria-hidden="true" />
      <span className="mt-2">{t("Loading...")}</span>
    </div>
  );
}

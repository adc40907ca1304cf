import { lazy, Suspense, useState } from "react";
import Button from "react-bootstrap/Button";
import Card from "react-bootstrap/Card";
import { Loader } from "../../components/loader.tsx";
import { t } from "../../i18n/index.ts";

/** The search vocabulary's editor: its own chunk, loaded when staff open it. */
const SearchVocabulary = lazy(() => import("./search-vocabulary.tsx").then((module) => ({ default: module.SearchVocabulary })));

/**
 * The dashboard's "Search words" section: what the search vocabulary is for, and its editor,
 * opened on demand.
 */
export function SearchWords() {
  const [open, setOpen] = useState(false);
  return (
    <section aria-labelledby="search-words" className="mt-4">
      <h2 id="search-words" className="h4">
        {t("Search words")}
      </h2>
      <Card body>
        <p className="form-text mt-0">
          {t(
            "Words farmers type for one thing, in English, Hindi or Hindi in Latin letters (khad, खाद, fertiliser). A search for one word of a group also finds the products with the others, after those with the word itself.",
          )}
        </p>
        <Button type="button" variant="primary" className="staff-tap" aria-expanded={open} onClick={() => setOpen((now) => !now)}>
          {open ? t("Close search words") : t("Edit search words")}
        </Button>
      </Card>
      {open && (
        <Suspense fallback={<Loader />}>
          <SearchVocabulary />
        </Suspense>
      )}
    </section>
  );
}

import { Link } from "react-router";
import { t } from "../i18n/index.ts";

interface PaginateProps {
  page: number;
  pages: number;
  /** The address of page n (keeps the other query parameters). */
  hrefFor: (page: number) => string;
}

/** Page links, shown when there is more than one page: previous, first, a window, last, next. */
export function Paginate({ page, pages, hrefFor }: PaginateProps) {
  if (pages <= 1) return null;
  const from = Math.max(1, page - 2);
  const to = Math.min(pages, page + 2);
  const window = Array.from({ length: to - from + 1 }, (_, i) => from + i);
  return (
    <nav aria-label={t("Pages")} className="d-flex justify-content-center my-3">
      <ul className="pagination flex-wrap">
        {page > 1 && <PageLink to={hrefFor(page - 1)} label={t("Previous page")} text="‹" />}
        {from > 1 && <PageLink to={hrefFor(1)} text="1" />}
        {from > 2 && <Gap />}
        {window.map((n) =>
          n === page ? (
            <li key={n} className="page-item active" aria-current="page">
              <span className="page-link">{n}</span>
            </li>
          ) : (
            <PageLink key={n} to={hrefFor(n)} text={String(n)} />
          ),
        )}
        {to < pages - 1 && <Gap />}
        {to < pages && <PageLink to={hrefFor(pages)} text={String(pages)} />}
        {page < pages && <PageLink to={hrefFor(page + 1)} label={t("Next page")} text="›" />}
      </ul>
    </nav>
  );
}

function PageLink({ to, text, label }: { to: string; text: string; label?: string }) {
  return (
    <li className="page-item">
      <Link className="page-link" to={to} aria-label={label}>
        {text}
      </Link>
    </li>
  );
}

function Gap() {
  return (
    <li className="page-item disabled" aria-hidden="true">
      <span className="page-link">…</span>
    </li>
  );
}

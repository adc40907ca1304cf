/**
 * Paged lists. The API pages its lists with ?page= and ?page_size= and tells the size of the whole
 * list in the headers X-Total-Count (every match) and X-Page-Count.
 */

export interface Paging {
  /** Every match (X-Total-Count). */
  total: number;
  page: number;
  pages: number;
}

/** A count header as a whole number, or null when it is absent or not a count. */
export function countHeader(headers: Headers | undefined, name: string): number | null {
  const value = headers?.get(name)?.trim();
  if (!value) return null;
  const n = Number(value);
  return Number.isSafeInteger(n) && n >= 0 ? n : null;
}

/** The paging headers of a page holding `count` items; without them, the page holds everything there is. */
export function pagingOf(headers: Headers | undefined, page: number, count: number, pageSize: number): Paging {
  const total = countHeader(headers, "X-Total-Count") ?? (page - 1) * pageSize + count;
  const pages = countHeader(headers, "X-Page-Count") ?? Math.ceil(total / pageSize);
  return { total, page, pages: Math.max(pages, 1) };
}

/** A ?page= value as a page number: a whole number from 1, else 1. */
export function pageNumber(value: string | null): number {
  const page = Number(value ?? "1");
  return Number.isSafeInteger(page) && page >= 1 ? page : 1;
}

/** The address of page `page` of the list at `pathname`, keeping its other query parameters (page 1 has no ?page=). */
export function pageHref(pathname: string, params: URLSearchParams, page: number): string {
  const query = new URLSearchParams(params);
  if (page > 1) query.set("page", String(page));
  else query.delete("page");
  const search = query.toString();
  return search ? `${pathname}?${search}` : pathname;
}

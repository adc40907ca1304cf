import { Type } from "typebox";

/** The paging headers of every paged list: the total and the number of pages. */
export function pagingHeaders({ total, pages }: { total: number; pages: number }): Record<string, string> {
  return { "X-Total-Count": String(total), "X-Page-Count": String(pages) };
}

/** OpenAPI: pagingHeaders, declared in a paged list's answer schema (`headers`; the serializer ignores it). */
export const PAGING_HEADERS = {
  "X-Total-Count": Type.Integer({ minimum: 0, description: "Items in the whole list" }),
  "X-Page-Count": Type.Integer({ minimum: 0, description: "Pages of the list at this page size" }),
};

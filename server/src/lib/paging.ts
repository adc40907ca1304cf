/** The paging headers of every paged list: the total and the number of pages. */
export function pagingHeaders({ total, pages }: { total: number; pages: number }): Record<string, string> {
  return { "X-Total-Count": String(total), "X-Page-Count": String(pages) };
}

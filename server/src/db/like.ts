/**
 * The pattern of a case-insensitive "contains" search, for `lower(column) like ? escape '\'`:
 * LIKE's wildcards in `text` are escaped, so a search such as "50%" matches literally.
 */
export function containsPattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

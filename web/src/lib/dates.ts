/** Dates in tables are the first 10 characters of the timestamp ("2026-11-22") (docs/storefront.md, "Constants"). */
export function dateOf(timestamp: string | null | undefined): string {
  return timestamp?.substring(0, 10) ?? "";
}

const dateTimeFormat = new Intl.DateTimeFormat("en-IN", { dateStyle: "medium", timeStyle: "short" });

/** A moment with its date and time, as a shopper in India reads it ("22 Nov 2026, 6:37 am"). */
export function dateTimeOf(timestamp: string | null | undefined): string {
  if (!timestamp) return "";
  const date = new Date(timestamp);
  return Number.isNaN(date.getTime()) ? timestamp : dateTimeFormat.format(date);
}

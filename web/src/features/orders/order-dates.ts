import { currentLanguage, type Language } from "../../i18n/index.ts";

/** The Intl locale of each language of the shop: Indian English, and Hindi with its month and day names. */
const LOCALES: Record<Language, string> = { en: "en-IN", hi: "hi-IN" };

function format(date: Date, options: Intl.DateTimeFormatOptions): string {
  return new Intl.DateTimeFormat(LOCALES[currentLanguage()], options).format(date);
}

/**
 * A calendar day ("2026-11-24") in the shopper's language, with its weekday: "Tuesday, 24 November".
 * Read as the day it names wherever the browser is (a day has no time zone).
 */
export function calendarDay(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return day;
  return format(date, { weekday: "long", day: "numeric", month: "long", timeZone: "UTC" });
}

/** The day of a moment in the shopper's language, short: "24 Nov" (a step of the order's progress). */
export function shortDay(timestamp: string): string {
  const date = new Date(timestamp);
  return Number.isNaN(date.getTime()) ? timestamp : format(date, { day: "numeric", month: "short" });
}

/** The day of a moment in the shopper's language, in full: "24 November 2026" (the end of the return window). */
export function longDay(timestamp: string): string {
  const date = new Date(timestamp);
  return Number.isNaN(date.getTime()) ? timestamp : format(date, { day: "numeric", month: "long", year: "numeric" });
}

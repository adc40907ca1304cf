import { currentLanguage, type Language } from "../i18n/index.ts";

/**
 * Every date and time the shop shows, in the current language (i18n), from one place.
 *
 * A moment is shown as its day and time in India, wherever the browser is: the server renders a
 * page in this zone too, so the browser takes it over with the same text (no hydration mismatch),
 * and a day is the same day in either language and on the dashboard (Indian calendar days).
 */
export const SHOP_TIME_ZONE = "Asia/Kolkata";

/** The Intl locale of each language of the shop: Indian English, and Hindi with its month and day names. */
function dateLocale(language: Language): string {
  return language === "hi" ? "hi-IN" : "en-IN";
}

type Style = "day" | "dateTime" | "shortDay" | "longDay" | "calendarDay";

const STYLES: Record<Style, Intl.DateTimeFormatOptions> = {
  // Tables and reviews: "2026-11-22" in English (docs/storefront.md, "Constants"), "22 नव॰ 2026" in Hindi.
  day: { day: "numeric", month: "short", year: "numeric", timeZone: SHOP_TIME_ZONE },
  dateTime: { dateStyle: "medium", timeStyle: "short", timeZone: SHOP_TIME_ZONE },
  shortDay: { day: "numeric", month: "short", timeZone: SHOP_TIME_ZONE },
  longDay: { day: "numeric", month: "long", year: "numeric", timeZone: SHOP_TIME_ZONE },
  // A calendar day ("2026-11-24") has no time zone: read as the day it names.
  calendarDay: { weekday: "long", day: "numeric", month: "long", timeZone: "UTC" },
};

/**
 * Hindi's own ways where Intl's hi-IN keeps English: a time's part of the day in words ("22 नव॰
 * 2026, शाम 6:37", "रात 9:43"), not "6:37 pm".
 */
const HINDI_STYLES: Partial<Record<Style, Intl.DateTimeFormatOptions>> = {
  dateTime: {
    day: "numeric",
    month: "short",
    year: "numeric",
    hour: "numeric",
    minute: "2-digit",
    dayPeriod: "short",
    timeZone: SHOP_TIME_ZONE,
  },
};

const ISO_DAY = new Intl.DateTimeFormat("en-IN", { year: "numeric", month: "2-digit", day: "2-digit", timeZone: SHOP_TIME_ZONE });

const formats = new Map<string, Intl.DateTimeFormat>();

function format(date: Date, style: Style): string {
  const language = currentLanguage();
  const key = `${language} ${style}`;
  let found = formats.get(key);
  if (!found) {
    found = new Intl.DateTimeFormat(dateLocale(language), (language === "hi" && HINDI_STYLES[style]) || STYLES[style]);
    formats.set(key, found);
  }
  return found.format(date);
}

/** The moment of a timestamp, or null when it is none (a wrong one is shown as it came). */
function moment(timestamp: string | null | undefined): Date | string | null {
  if (!timestamp) return null;
  const date = new Date(timestamp);
  return Number.isNaN(date.getTime()) ? timestamp : date;
}

function formatted(timestamp: string | null | undefined, style: Style): string {
  const date = moment(timestamp);
  return date instanceof Date ? format(date, style) : (date ?? "");
}

/**
 * The day of a moment, as tables and reviews show it: in English the spec's "2026-11-22" (the
 * first 10 characters of the timestamp, docs/storefront.md "Constants", taken as the Indian day),
 * in Hindi "22 नव॰ 2026".
 */
export function dateOf(timestamp: string | null | undefined): string {
  const date = moment(timestamp);
  if (!(date instanceof Date)) return date ?? "";
  if (currentLanguage() === "hi") return format(date, "day");
  const parts = Object.fromEntries(ISO_DAY.formatToParts(date).map((part) => [part.type, part.value]));
  return `${parts.year}-${parts.month}-${parts.day}`;
}

/** A moment with its date and time: "22 Nov 2026, 6:37 pm" (Hindi "22 नव॰ 2026, शाम 6:37"). */
export function dateTimeOf(timestamp: string | null | undefined): string {
  return formatted(timestamp, "dateTime");
}

/** The day of a moment, short: "24 Nov" (a step of the order's progress). */
export function shortDay(timestamp: string): string {
  return formatted(timestamp, "shortDay");
}

/** The day of a moment, in full: "24 November 2026" (the end of the return window). */
export function longDay(timestamp: string): string {
  return formatted(timestamp, "longDay");
}

/** A calendar day ("2026-11-24") with its weekday: "Tuesday, 24 November" (the expected delivery). */
export function calendarDay(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? day : format(date, "calendarDay");
}

/**
 * A day of the browser's own calendar (a local midnight, as "today + 3 days" makes it) with its
 * weekday, short: "Thu 26 Nov" (in Hindi "गुरु 26 नव॰"). Shown only in the browser, never rendered by the server.
 */
export function localWeekDay(day: Date, language: Language = currentLanguage()): string {
  return new Intl.DateTimeFormat(dateLocale(language), { weekday: "short", day: "numeric", month: "short" }).format(day).replace(",", "");
}

/**
 * The Indian calendar day `days` days after `now` ("2026-11-24"): the day an order placed now is
 * expected, as the server reckons it (today in India plus the PIN's delivery days).
 */
export function indianDayAfter(days: number, now = new Date()): string {
  const later = new Date(now.getTime() + days * 24 * 60 * 60 * 1000);
  const parts = Object.fromEntries(ISO_DAY.formatToParts(later).map((part) => [part.type, part.value]));
  return `${parts.year}-${parts.month}-${parts.day}`;
}

/** A calendar day ("2026-11-24", an Indian day) as tables show it: "2026-11-24" in English, "24 नव॰ 2026" in Hindi. */
export function dayOf(day: string): string {
  return /^\d{4}-\d\d-\d\d$/.test(day) ? dateOf(`${day}T00:00:00+05:30`) : day;
}

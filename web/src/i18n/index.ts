import { LANGUAGE_COOKIE, LANGUAGE_PARAM } from "@krishi/contract";
import { setupI18n } from "@lingui/core";
import { useSyncExternalStore } from "react";
import { compileEnglish } from "./english.ts";
import type account from "./hi/account.json";
import type admin from "./hi/admin.json";
import type catalog from "./hi/catalog.json";
import type checkout from "./hi/checkout.json";
import type orders from "./hi/orders.json";
import type shell from "./hi/shell.json";
import type shipping from "./hi/shipping.json";

/**
 * The web app's texts (Lingui runtime, catalogs compiled at build time by
 * scripts/catalog-plugin.ts). Message ids are the spec's English texts, ICU MessageFormat where
 * they format values; the Hindi catalogs in ./hi/ (one per area) translate every id, and a
 * message missing from them is a type error here and a failing test (catalogs.test.ts).
 * English needs no catalog (./english.ts compiles its ids); Hindi loads on first use, an area
 * at a time: the public pages' areas first (PAGE_AREAS), the others with their screens.
 */
export type Message =
  | keyof typeof shell
  | keyof typeof catalog
  | keyof typeof checkout
  | keyof typeof orders
  | keyof typeof account
  | keyof typeof admin
  | keyof typeof shipping;
export type Values = Record<string, string | number>;

export const LANGUAGES = ["en", "hi"] as const;
export type Language = (typeof LANGUAGES)[number];
/** Each language's own name, as the switch shows it. */
export const LANGUAGE_NAMES: Record<Language, string> = { en: "English", hi: "हिन्दी" };

const STORAGE_KEY = "language";

const hindiCatalogs = import.meta.glob<Record<string, never>>("./hi/*.json", { query: "?catalog", import: "default" });

const compiled = new Map<string, ReturnType<typeof compileEnglish>>();

// An English message is its own id, compiled on first use; Hindi comes compiled from its catalog.
export const i18n = setupI18n({ locale: "en", messages: { en: {} } });
i18n.setMessagesCompiler((message) => {
  let found = compiled.get(message);
  if (!found) {
    found = compileEnglish(message);
    compiled.set(message, found);
  }
  return found as never;
});

export function isLanguage(value: unknown): value is Language {
  return LANGUAGES.includes(value as Language);
}

/**
 * The language to start in: the one the address names, else the one the shopper chose (the
 * cookie the server reads too, then what this browser stored before the cookie existed), else
 * the browser's first choice if we have it.
 */
export function initialLanguage(): Language {
  const named = languageOfAddress(new URLSearchParams(globalThis.location?.search));
  if (named) return named;
  const chosen = chosenLanguage();
  if (chosen) return chosen;
  const stored = storedLanguage();
  if (isLanguage(stored)) return stored;
  const preferred = globalThis.navigator?.languages?.[0]?.slice(0, 2);
  return isLanguage(preferred) ? preferred : "en";
}

/** The catalogs' areas: ./hi/<area>.json. */
export const AREAS = ["shell", "catalog", "checkout", "orders", "account", "admin", "shipping"] as const;
export type Area = (typeof AREAS)[number];

/**
 * The areas of the public pages' texts (the home and product pages, the not-found page: their
 * screens, the header, side panel and footer): loaded before such a page hydrates, and named in
 * the head of its Hindi version (entry-server.tsx), so a shopper's phone fetches no text of the
 * staff, account or order screens. A text of a public page belongs in one of them
 * (page-texts.test.ts); the other screens load every area before they render (router.tsx).
 */
export const PAGE_AREAS: readonly Area[] = ["shell", "catalog"];

/** The areas the screens shown so far use (all of them on the server, which renders any screen). */
const used = new Set<Area>(import.meta.env.SSR ? AREAS : PAGE_AREAS);
const loading = new Map<Area, Promise<void>>();

function loadAreas(language: Language, areas: Iterable<Area>): Promise<void> {
  if (language === "en") return Promise.resolve();
  const loads = [...areas].map((area) => {
    let loaded = loading.get(area);
    if (!loaded) {
      const load = hindiCatalogs[`./hi/${area}.json`];
      if (!load) return Promise.reject(new Error(`no Hindi catalog ./hi/${area}.json`));
      // Added to what is there: an area loaded while Hindi shows changes no text already shown.
      loaded = load().then(
        (messages) => i18n.load("hi", messages),
        (error: unknown) => {
          loading.delete(area); // a failed download may be tried again
          throw error;
        },
      );
      loading.set(area, loaded);
    }
    return loaded;
  });
  return Promise.all(loads).then(() => undefined);
}

function loadCatalog(language: Language): Promise<void> {
  return loadAreas(language, used);
}

/**
 * The texts of a screen about to render, in `areas` (all by default): loaded now in the language
 * shown, and with the others in use when the language changes.
 */
export function loadTexts(areas: readonly Area[] = AREAS): Promise<void> {
  for (const area of areas) used.add(area);
  return loadAreas(currentLanguage(), areas);
}

/**
 * Loads the language's texts of the areas in use and switches to it: the server before it renders
 * a page, the browser before it hydrates a public page (its areas only).
 */
export async function activateLanguage(language: Language): Promise<void> {
  await loadCatalog(language);
  i18n.activate(language);
}

/**
 * Loads the language's texts of the areas in use, remembers the language, switches to it and sets
 * `<html lang>` (remembered first: what renders on the switch sees the shopper's choice).
 */
export async function setLanguage(language: Language): Promise<void> {
  await loadCatalog(language);
  rememberLanguage(language);
  i18n.activate(language);
  document.documentElement.lang = language;
}

/** How long the shopper's language is remembered. */
const COOKIE_SECONDS = 365 * 24 * 60 * 60;

/**
 * Remembers the shopper's language: in the cookie the server reads (a full load of a public page
 * in it, and every screen's start) and in this browser's storage.
 */
export function rememberLanguage(language: Language): void {
  const secure = globalThis.location?.protocol === "https:" ? "; Secure" : "";
  // biome-ignore lint/suspicious/noDocumentCookie: one cookie, and the Cookie Store API is missing from older phones' browsers
  document.cookie = `${LANGUAGE_COOKIE}=${language}; Path=/; Max-Age=${COOKIE_SECONDS}; SameSite=Lax${secure}`;
  storeLanguage(language);
}

/** The language the shopper chose on this device (the cookie), or null when they chose none. */
export function chosenLanguage(): Language | null {
  for (const pair of (globalThis.document?.cookie ?? "").split(";")) {
    const [name, value] = pair.trim().split("=");
    if (name === LANGUAGE_COOKIE && isLanguage(value)) return value;
  }
  return null;
}

/**
 * The query parameter of a page's language. The public pages have an address in each language
 * (English without it, Hindi at ?lang=hi) that crawlers follow and a shared link keeps.
 */
export { LANGUAGE_PARAM };

/** The language an address asks for, or null when it names none (or one the shop does not have). */
export function languageOfAddress(params: URLSearchParams): Language | null {
  const named = params.get(LANGUAGE_PARAM);
  return isLanguage(named) ? named : null;
}

export function currentLanguage(): Language {
  return i18n.locale as Language;
}

/** The message in the current language, with its values formatted. */
export function t(message: Message, values?: Values): string {
  return i18n._(message, values);
}

function subscribe(onChange: () => void): () => void {
  return i18n.on("change", onChange);
}

/** The current language; the component renders again when it changes. */
export function useLanguage(): Language {
  return useSyncExternalStore(subscribe, currentLanguage, currentLanguage);
}

/** A record's text in the current language: its Hindi version when there is one. */
export function localized(english: string, hindi: string | undefined): string {
  return currentLanguage() === "hi" && hindi ? hindi : english;
}

/**
 * The language this browser stored, if it can store (localStorage may be missing or refuse: private
 * mode, tests). Here rather than through lib/storage.ts: the messages lie below lib, which uses them.
 */
function storedLanguage(): string | null {
  try {
    return globalThis.localStorage?.getItem(STORAGE_KEY) ?? null;
  } catch {
    return null;
  }
}

function storeLanguage(language: Language): void {
  try {
    globalThis.localStorage?.setItem(STORAGE_KEY, language);
  } catch {
    // Storage full or disabled: the cookie still remembers the choice.
  }
}

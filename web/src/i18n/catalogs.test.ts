import { describe, expect, it } from "vitest";
import * as dates from "../lib/dates.ts";
import { i18n, setLanguage, t } from "./index.ts";

type Catalog = Record<string, string>;
const catalogs = import.meta.glob<Catalog>("./hi/*.json", { import: "default", eager: true });
const sources = import.meta.glob<string>(["../**/*.{ts,tsx}", "!../**/*.test.{ts,tsx}", "!../testing/**"], {
  query: "?raw",
  import: "default",
  eager: true,
});
const code = Object.values(sources).join("\n");

/** Message ids written as literals in `t("…")` calls. */
function usedIds(): string[] {
  return [...code.matchAll(/\bt\(\s*("(?:[^"\\]|\\.)*")/g)].map((match) => JSON.parse(match[1] as string) as string);
}

/** The ICU argument names of a message: "{count, plural, …}" and "{name}" give count and name. */
function argumentsOf(message: string): string[] {
  return [...new Set([...message.matchAll(/\{\s*([A-Za-z_]\w*)\s*[,}]/g)].map((match) => match[1] as string))].sort();
}

// Texts that are the same in Hindi (names of things written in Latin letters).
const SAME_IN_HINDI = new Set(["Krishi Bazaar", "UPI", "PayPal", "GSTIN", "ID", "Email", "₹{amount}"]);

describe("the Hindi catalogs", () => {
  const entries = Object.entries(catalogs).flatMap(([file, catalog]) =>
    Object.entries(catalog).map(([id, hindi]) => ({ file, id, hindi })),
  );

  it("translate every message the app uses", () => {
    const translated = new Set(entries.map((entry) => entry.id));
    const missing = usedIds().filter((id) => !translated.has(id));
    expect(missing).toEqual([]);
  });

  it("hold no message the app no longer uses", () => {
    const unused = entries.filter((entry) => !code.includes(JSON.stringify(entry.id))).map((entry) => entry.id);
    expect(unused).toEqual([]);
  });

  it("hold each message once", () => {
    const seen = new Map<string, string>();
    const twice = entries.filter((entry) => seen.has(entry.id) || !seen.set(entry.id, entry.file));
    expect(twice.map((entry) => entry.id)).toEqual([]);
  });

  it("give every message a Hindi text with the same placeholders", () => {
    for (const { id, hindi } of entries) {
      expect(hindi.trim(), id).not.toBe("");
      if (!SAME_IN_HINDI.has(id)) expect(hindi, id).toMatch(/[\u0900-\u097F]/);
      expect(argumentsOf(hindi), id).toEqual(argumentsOf(id));
    }
  });
});

describe("t", () => {
  it("formats English from the message itself and Hindi from its catalog", async () => {
    expect(t("Add to Cart")).toBe("Add to Cart");
    await setLanguage("hi");
    expect(t("Add to Cart")).toMatch(/[\u0900-\u097F]/);
    expect(document.documentElement.lang).toBe("hi");
    expect(localStorage.getItem("language")).toBe("hi");
    await setLanguage("en");
    expect(i18n.locale).toBe("en");
  });
});

describe("dates", () => {
  it("are formatted only by lib/dates.ts, which reads the current language", () => {
    const formatting =
      /Intl\.DateTimeFormat|toLocale(Date|Time)?String\(\s*\)|toLocaleDateString|toLocaleTimeString|At\??\.(substring|slice)\(0, 10\)/;
    const elsewhere = Object.entries(sources)
      .filter(([file, source]) => file !== "../lib/dates.ts" && formatting.test(source))
      .map(([file]) => file);
    expect(elsewhere).toEqual([]);
  });

  it("render in Hindi: Hindi month and day names, no English ones", async () => {
    const moment = "2026-11-25T10:00:00.000Z";
    const shown = () => [
      dates.dateOf(moment),
      dates.dateTimeOf(moment),
      dates.shortDay(moment),
      dates.longDay(moment),
      dates.calendarDay("2026-11-25"),
      dates.dayOf("2026-11-25"),
      dates.localWeekDay(new Date(2026, 10, 25)),
    ];
    const english = shown();
    await setLanguage("hi");
    try {
      const hindi = shown();
      for (const [i, text] of hindi.entries()) {
        expect(text, english[i]).toMatch(/[\u0900-\u097F]/);
        expect(text, english[i]).not.toMatch(/Nov|Wed|\b[ap]m\b/i);
      }
    } finally {
      await setLanguage("en");
    }
    expect(english).toEqual([
      "2026-11-25",
      "25 Nov 2026, 3:30 pm",
      "25 Nov",
      "25 November 2026",
      "Wednesday, 25 November",
      "2026-11-25",
      "Wed 25 Nov",
    ]);
  });
});

import { describe, expect, it } from "vitest";
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
const SAME_IN_HINDI = new Set(["Krishi Bazaar", "RazorPay", "UPI", "PayPal", "GSTIN", "ID", "Email", "₹{amount}"]);

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

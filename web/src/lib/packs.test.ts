import { afterEach, describe, expect, it } from "vitest";
import { setLanguage } from "../i18n/index.ts";
import { packLabel, quantityText, withPack } from "./packs.ts";

afterEach(async () => {
  await setLanguage("en");
});

describe("pack labels", () => {
  it("are shown as staff wrote them in English", () => {
    for (const label of ["5 kg", "1 L", "250 ml", "1 pack", "20 traps", "400 m coil"]) expect(packLabel(label)).toBe(label);
    expect(withPack("Urea", "45 kg")).toBe("Urea · 45 kg");
  });

  it("write the shop's units in Hindi on a Hindi page", async () => {
    await setLanguage("hi");
    expect(["5 kg", "1 l", "1 L", "250 ml", "500 g", "2.5 kg", "1 pack", "2 packs", "1 piece", "12 pieces", "10kg"].map(packLabel)).toEqual(
      ["5 किलो", "1 लीटर", "1 लीटर", "250 मि.ली.", "500 ग्राम", "2.5 किलो", "1 पैक", "2 पैक", "1 नग", "12 नग", "10 किलो"],
    );
    expect(withPack("यूरिया", "45 kg")).toBe("यूरिया · 45 किलो");
  });

  it("keep staff's own words, in any language", async () => {
    await setLanguage("hi");
    for (const label of ["20 traps", "400 m coil", "1 kit", "Family pack"]) expect(packLabel(label)).toBe(label);
  });
});

describe("quantityText", () => {
  it("writes a net quantity in the shop's language", async () => {
    expect(quantityText(45, "kg")).toBe("45 kg");
    expect(quantityText(12, "piece")).toBe("12 pieces");
    await setLanguage("hi");
    expect(quantityText(500, "ml")).toBe("500 मि.ली.");
    expect(quantityText(1, "piece")).toBe("1 नग");
  });
});

import { describe, expect, it } from "vitest";
import {
  financialYear,
  gstinCheckCharacter,
  gstinProblem,
  gstStateCode,
  indianMobile,
  indianState,
  numberInWords,
  rupeesInWords,
} from "./india.ts";

describe("GSTIN", () => {
  it("accepts well-formed GSTINs with their check character", () => {
    expect(gstinProblem("27AAPFU0939F1ZV")).toBeNull();
    expect(gstinCheckCharacter("27AAPFU0939F1Z")).toBe("V");
  });

  it("says what is wrong with a bad one", () => {
    expect(gstinProblem("27AAPFU0939F1ZX")).toMatch(/check character/);
    expect(gstinProblem("99AAPFU0939F1ZV")).toMatch(/state code 99/);
    expect(gstinProblem("27aapfu0939f1zv")).toMatch(/15 characters/);
    expect(gstinProblem("27AAPFU0939F1Z")).toMatch(/15 characters/);
  });
});

describe("states", () => {
  it("reads the directory's and people's spellings", () => {
    expect(indianState("Jammu & Kashmir")).toBe("Jammu and Kashmir");
    expect(indianState("andaman & nicobar islands")).toBe("Andaman and Nicobar Islands");
    expect(indianState("Orissa")).toBe("Odisha");
    expect(indianState("Atlantis")).toBeNull();
    expect(gstStateCode("Karnataka")).toBe("29");
    expect(gstStateCode("Maharashtra")).toBe("27");
  });
});

describe("Indian mobile numbers", () => {
  it.each([
    ["9876543210", "9876543210"],
    ["+91 98765 43210", "9876543210"],
    ["+919876543210", "9876543210"],
    ["09876-543210", "9876543210"],
    ["5876543210", null],
    ["987654321", null],
    ["98765432100", null],
    ["+1 9876543210", null],
  ])("%s → %s", (input, digits) => {
    expect(indianMobile(input)).toBe(digits);
  });
});

describe("financial year", () => {
  it("runs April to March in Indian time", () => {
    expect(financialYear(new Date("2026-11-23T10:00:00Z"))).toBe("2026-27");
    expect(financialYear(new Date("2027-03-31T18:29:59Z"))).toBe("2026-27");
    // 1 April 00:00 IST is 31 March 18:30 UTC.
    expect(financialYear(new Date("2027-03-31T18:30:00Z"))).toBe("2027-28");
    expect(financialYear(new Date("2099-12-31T00:00:00Z"))).toBe("2099-00");
  });
});

describe("amounts in words (Indian system)", () => {
  it.each([
    [0, "Rupees Zero Only"],
    [100, "Rupees One Only"],
    [1_05, "Rupees One and Five Paise Only"],
    [12_345_678, "Rupees One Lakh Twenty-Three Thousand Four Hundred Fifty-Six and Seventy-Eight Paise Only"],
    [10_000_000_00, "Rupees One Crore Only"],
    [1_234_567_890_00, "Rupees One Hundred Twenty-Three Crore Forty-Five Lakh Sixty-Seven Thousand Eight Hundred Ninety Only"],
    [20_00_000_00, "Rupees Twenty Lakh Only"],
  ])("%i paise", (paise, words) => {
    expect(rupeesInWords(paise)).toBe(words);
  });

  it("refuses what is not a whole number of paise", () => {
    expect(() => rupeesInWords(-1)).toThrow(RangeError);
    expect(() => numberInWords(1.5)).toThrow(RangeError);
  });
});

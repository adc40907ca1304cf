import { describe, expect, it } from "vitest";
import { phoneticKey } from "./search-keys.ts";
import { isTypoOf, withinOneEdit } from "./search-typos.ts";

describe("one edit apart", () => {
  it.each([
    ["uria", "uria", true],
    ["ury", "uri", true], // changed
    ["fertliser", "fertiliser", true], // left out
    ["fertiliser", "fertliser", true], // added
    ["mirci", "mirc", true],
    ["sprayr", "spraer", true],
    ["tomaot", "tomato", true], // swapped
    ["tomato", "tamata", false],
    ["urya", "uri", false],
    ["abcd", "abcdef", false],
  ])("%s and %s: %s", (a, b, near) => {
    expect(withinOneEdit(a, b)).toBe(near);
    expect(withinOneEdit(b, a)).toBe(near);
  });
});

describe("a word the key stands for with one typo fixed", () => {
  it("takes the start of a longer word for a key of five letters or more", () => {
    expect(isTypoOf("fertliser", "fertilisers")).toBe(true);
    expect(isTypoOf(phoneticKey("fertlizer"), phoneticKey("fertilisers"))).toBe(true);
  });

  it("takes only whole words for a shorter key: 'urya' is urea, not urvarak", () => {
    expect(isTypoOf(phoneticKey("urya"), phoneticKey("urea"))).toBe(true);
    expect(isTypoOf(phoneticKey("urya"), phoneticKey("urvarak"))).toBe(false);
  });

  it("leaves out the words the key starts: the keyword finds them itself", () => {
    expect(isTypoOf("tomat", "tomato")).toBe(false);
  });

  it("finds मिर्च for 'mirchi', as a farmer types it", () => {
    expect(isTypoOf(phoneticKey("mirchi"), phoneticKey("मिर्च"))).toBe(true);
  });
});

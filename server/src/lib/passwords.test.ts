import { describe, expect, it } from "vitest";
import { DEFAULT_SCRYPT, hashPassword, needsRehash, passwordProblems, verifyPassword } from "./passwords.ts";

const FAST = { N: 1024, r: 8, p: 1 };

describe("hashPassword / verifyPassword", () => {
  it("stores scrypt with its parameters and a random salt, and verifies", async () => {
    const a = await hashPassword("Chana-Dal-Harvest-1");
    const b = await hashPassword("Chana-Dal-Harvest-1");
    expect(a).toMatch(/^scrypt\$131072\$8\$1\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{43}$/);
    expect(a).not.toBe(b);
    expect(await verifyPassword("Chana-Dal-Harvest-1", a)).toBe(true);
    expect(await verifyPassword("chana-dal-harvest-1", a)).toBe(false);
    expect(await verifyPassword("", a)).toBe(false);
  });

  it("verifies with the parameters stored in the hash", async () => {
    const cheap = await hashPassword("Old-Cheap-Hash-1", FAST);
    expect(cheap.startsWith("scrypt$1024$8$1$")).toBe(true);
    expect(await verifyPassword("Old-Cheap-Hash-1", cheap)).toBe(true);
  });

  it("treats the same text in different Unicode forms as one password", async () => {
    const composed = "Kh\u00e9t-Crop-2024";
    const decomposed = "Khe\u0301t-Crop-2024";
    expect(await verifyPassword(decomposed, await hashPassword(composed, FAST))).toBe(true);
  });

  it.each([
    null,
    undefined,
    "",
    "plain-text",
    "scrypt$3$8$1$abc$def",
    "scrypt$1024$8$1$abc",
    "pbkdf2_sha256$1$a$b",
    "scrypt$4194304$8$1$aa$bb",
  ])("answers false for the stored value %o", async (stored) => {
    // The decoy check runs at the cost passed (a cheap one here; production's takes ~300 ms each).
    expect(await verifyPassword("anything", stored, FAST)).toBe(false);
  });
});

describe("passwordProblems (Django's validators)", () => {
  it("accepts a long, uncommon password unlike the user's details", () => {
    expect(passwordProblems("Monsoon-Sowing-Plan-7", { email: "meera@example.in", first_name: "Meera", last_name: "Iyer" })).toEqual([]);
  });

  it.each([
    ["Ab1!xyz", "This password is too short. It must contain at least 8 characters."],
    ["20240815", "This password is entirely numeric."],
    ["sunshine", "This password is too common."],
    ["  Password1  ", "This password is too common."],
    ["meera@example.in", "The password is too similar to the email address."],
    ["meera2024", "The password is too similar to the first name."],
  ])("refuses %o with %o", (password, message) => {
    const problems = passwordProblems(password, { email: "meera@example.in", first_name: "Meera", last_name: "Iyer" });
    expect(problems.map((p) => p.message)).toContain(message);
  });

  it("counts characters, not UTF-16 units", () => {
    expect(passwordProblems("🌾🌾🌾🌾🌾🌾🌾")).toContainEqual({
      code: "password_too_short",
      message: "This password is too short. It must contain at least 8 characters.",
      params: { min: 8 },
    });
    expect(passwordProblems("🌾🌾🌾🌾🌾🌾🌾🌾")).toEqual([]);
  });

  it("ignores attributes much shorter than a long password, as Django does", () => {
    expect(passwordProblems("a-very-long-passphrase-about-rice", { first_name: "Al" })).toEqual([]);
  });
});

describe("hash costs", () => {
  it("hashes new passwords at OWASP's scrypt minimum by default (N=2^17, r=8, p=1)", async () => {
    expect(DEFAULT_SCRYPT).toEqual({ N: 2 ** 17, r: 8, p: 1 });
    const hash = await hashPassword("Monsoon-Paddy-2024");
    expect(hash.startsWith("scrypt$131072$8$1$")).toBe(true);
    expect(await verifyPassword("Monsoon-Paddy-2024", hash)).toBe(true);
  });

  it("tells a hash made with less from one made at the target", async () => {
    const old = await hashPassword("Monsoon-Paddy-2024", { N: 2 ** 12, r: 8, p: 1 });
    expect(needsRehash(old)).toBe(true);
    expect(needsRehash(old, { N: 2 ** 12, r: 8, p: 1 })).toBe(false);
    expect(needsRehash(null)).toBe(false);
    expect(needsRehash("not a hash")).toBe(false);
  });
});

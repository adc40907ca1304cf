import { describe, expect, it } from "vitest";
import { safeRedirect } from "./redirect.ts";

describe("safeRedirect", () => {
  it("turns the cart's bare step name into a path", () => {
    expect(safeRedirect("shipping")).toBe("/shipping");
  });

  it("keeps a path of the shop with its query", () => {
    expect(safeRedirect("/product/5")).toBe("/product/5");
    expect(safeRedirect("/?keyword=neem%20cake")).toBe("/?keyword=neem%20cake");
    expect(safeRedirect("/change/password/")).toBe("/change/password/");
  });

  it("goes home without a redirect", () => {
    expect(safeRedirect(null)).toBe("/");
    expect(safeRedirect("")).toBe("/");
    expect(safeRedirect("   ")).toBe("/");
  });

  it.each([
    "https://evil.example/login",
    "//evil.example",
    "///evil.example",
    "/\\evil.example",
    "\\\\evil.example",
    "javascript:alert(1)",
    "JavaScript:alert(1)",
    "data:text/html,hi",
    "/\t/evil.example",
    "/.//evil.example",
    "http:evil.example",
  ])("refuses %j, which could leave the site", (value) => {
    expect(safeRedirect(value)).toBe("/");
  });
});

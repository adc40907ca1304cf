import { describe, expect, it } from "vitest";
import { imageSrcSet, imageUrl, imageVariant } from "./image-url.ts";

describe("imageUrl", () => {
  it("removes a leading images/ and joins the rest to the base", () => {
    expect(imageUrl("images/urea.webp", "/media/")).toBe("/media/urea.webp");
  });

  it("joins a base with or without a trailing slash without doubling it", () => {
    expect(imageUrl("images/urea.webp", "/media")).toBe("/media/urea.webp");
    expect(imageUrl("images/urea.webp", "https://cdn.example.com/shop/")).toBe("https://cdn.example.com/shop/urea.webp");
    expect(imageUrl("/seeds/paddy.webp", "/media/")).toBe("/media/seeds/paddy.webp");
  });

  it("keeps a path that does not start with images/", () => {
    expect(imageUrl("uploads/images/x.webp", "/media/")).toBe("/media/uploads/images/x.webp");
  });

  it("gives no address for a missing or empty path", () => {
    expect(imageUrl(null, "/media/")).toBeUndefined();
    expect(imageUrl(undefined, "/media/")).toBeUndefined();
    expect(imageUrl("", "/media/")).toBeUndefined();
  });
});

describe("imageSrcSet", () => {
  it("lists the WebP width variants", () => {
    expect(imageSrcSet("images/urea.webp", "/media/", [160, 320])).toBe("/media/urea-w160.webp 160w, /media/urea-w320.webp 320w");
  });

  it("has nothing for a missing path or an image that is not WebP", () => {
    expect(imageSrcSet(null, "/media/", [160])).toBeUndefined();
    expect(imageSrcSet("images/old.jpg", "/media/", [160])).toBeUndefined();
  });
});

describe("imageVariant", () => {
  it("picks the smallest variant at least as wide as asked", () => {
    expect(imageVariant("images/urea.webp", "/media/", [640, 160, 320], 200)).toBe("/media/urea-w320.webp");
  });

  it("falls back to the original when no variant is wide enough", () => {
    expect(imageVariant("images/urea.webp", "/media/", [160], 400)).toBe("/media/urea.webp");
  });
});

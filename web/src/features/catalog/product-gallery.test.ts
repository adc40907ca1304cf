import { describe, expect, it } from "vitest";
import { thumbSize } from "./product-gallery.tsx";

describe("thumbSize", () => {
  it("is 100×80 for up to five images", () => {
    expect(thumbSize(1)).toEqual({ width: 100, height: 80 });
    expect(thumbSize(5)).toEqual({ width: 100, height: 80 });
  });

  it("is 50×40 for six to ten images", () => {
    expect(thumbSize(6)).toEqual({ width: 50, height: 40 });
    expect(thumbSize(10)).toEqual({ width: 50, height: 40 });
  });

  it("is 25×20 above ten images", () => {
    expect(thumbSize(11)).toEqual({ width: 25, height: 20 });
  });
});

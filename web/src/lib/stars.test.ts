import { describe, expect, it } from "vitest";
import { starKinds } from "./stars.ts";

describe("starKinds", () => {
  it("fills every star up to the value", () => {
    expect(starKinds(3)).toEqual(["full", "full", "full", "empty", "empty"]);
    expect(starKinds(5)).toEqual(["full", "full", "full", "full", "full"]);
  });

  it("shows a half star from half a point below a star", () => {
    expect(starKinds(3.5)).toEqual(["full", "full", "full", "half", "empty"]);
    expect(starKinds(0.5)).toEqual(["half", "empty", "empty", "empty", "empty"]);
    expect(starKinds(4.7)).toEqual(["full", "full", "full", "full", "half"]);
  });

  it("leaves a star empty below half a point", () => {
    expect(starKinds(0)).toEqual(["empty", "empty", "empty", "empty", "empty"]);
    expect(starKinds(2.4)).toEqual(["full", "full", "empty", "empty", "empty"]);
  });
});

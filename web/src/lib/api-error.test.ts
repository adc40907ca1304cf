import { describe, expect, it } from "vitest";
import { errorText } from "./api-error.ts";

const body = { detail: "No Product matches the given query.", message: "Product list message" };

describe("errorText", () => {
  it("shows the answer's detail for details and other failures", () => {
    expect(errorText({ status: 404, data: body })).toBe("No Product matches the given query.");
  });

  it("shows the answer's message for list failures", () => {
    expect(errorText({ status: 400, data: body }, "message")).toBe("Product list message");
  });

  it("falls back to the error's own message", () => {
    expect(errorText({ status: "FETCH_ERROR", error: "TypeError: Failed to fetch" })).toBe("TypeError: Failed to fetch");
    expect(errorText({ status: 502, data: "<html>" })).toBe("Request failed with status code 502");
    expect(errorText({ status: 500, data: { message: "Server error" } })).toBe("Request failed with status code 500");
    expect(errorText({ name: "Error", message: "Aborted" })).toBe("Aborted");
  });
});

import { describe, expect, it } from "vitest";
import { errorText, fieldErrors, formErrorText } from "./api-error.ts";

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

describe("fieldErrors", () => {
  it("keeps the message lists of a validation failure, field by field", () => {
    const data = {
      email: ["Enter a valid email address."],
      password1: ["Too short.", "Too common."],
      detail: "Enter a valid email address.",
    };
    expect(fieldErrors({ status: 400, data })).toEqual({
      email: ["Enter a valid email address."],
      password1: ["Too short.", "Too common."],
    });
  });

  it("is empty for an answer without fields", () => {
    expect(fieldErrors({ status: "FETCH_ERROR", error: "TypeError: Failed to fetch" })).toEqual({});
    expect(fieldErrors({ status: 502, data: "<html>" })).toEqual({});
  });
});

describe("formErrorText", () => {
  it("shows the first non_field_errors message", () => {
    const data = { non_field_errors: ["E-mail is not verified.", "Other"], detail: "E-mail is not verified." };
    expect(formErrorText({ status: 400, data })).toBe("E-mail is not verified.");
  });

  it("falls back to the detail, then to the error's own message", () => {
    expect(formErrorText({ status: 429, data: { detail: "Too many attempts.", message: "Too many attempts." } })).toBe(
      "Too many attempts.",
    );
    expect(formErrorText({ status: "FETCH_ERROR", error: "TypeError: Failed to fetch" })).toBe("TypeError: Failed to fetch");
  });
});

import { beforeAll, describe, expect, it } from "vitest";
import { setLanguage } from "../i18n/index.ts";
import { errorNotice, errorText, fieldErrors, formErrorText, loadServerTexts, noticeText } from "./api-error.ts";

beforeAll(() => loadServerTexts());

/** An answer of the shop's server: `detail` and `message` carry the same text (DESIGN §5). */
const answer = (status: number, detail: string, fields: Record<string, string[]> = {}) => ({
  status,
  data: { ...fields, detail, message: detail },
});

describe("errorText: no raw server text reaches the shopper", () => {
  it.each([
    [
      "a product that is gone",
      answer(404, "No Product matches the given query."),
      "We could not find this product. It may no longer be sold.",
    ],
    ["an order that is not theirs", answer(404, "No Order matches the given query."), "We could not find this order."],
    ["an unknown 404", answer(404, "Not found."), "We could not find this. It may have been removed."],
    [
      "a bad id in the address",
      answer(400, "id: A valid integer is required.", { id: ["A valid integer is required."] }),
      "Please check what you entered and try again.",
    ],
    ["a TypeBox text", answer(400, "body must have required property 'email'"), "Please check what you entered and try again."],
    [
      "a field the form names",
      answer(400, "price: Enter a valid amount with at most two decimals.", { price: ["Enter a valid amount with at most two decimals."] }),
      "Please check Price: Enter a valid amount with at most two decimals.",
    ],
    [
      "a field's schema text",
      answer(400, "countInStock: Ensure this value is greater than or equal to 0.", {
        countInStock: ["Ensure this value is greater than or equal to 0."],
      }),
      "Please check Count In Stock: Please enter 0 or more.",
    ],
    ["an expired session", answer(401, "Given token not valid for any token type"), "Please sign in again to continue."],
    [
      "a customer on a staff screen",
      answer(403, "You do not have permission to perform this action."),
      "You do not have permission to do this.",
    ],
    [
      "a conflict it does not know",
      answer(409, "Conflict"),
      "This changed while you were working on it. Please reload the page and try again.",
    ],
    ["stock that ran out", answer(409, "Only 1 of Neem oil 1 L left in stock."), "Only 1 of Neem oil 1 L left in stock."],
    [
      "an order past cancelling",
      answer(409, "This order is shipped: it can no longer be cancelled online. Please contact us."),
      "This order can no longer be cancelled online. Please contact us.",
    ],
    ["an order past shipping", answer(409, "This order is delivered and cannot be shipped."), "This order can no longer be shipped."],
    [
      "a price the server kept",
      answer(409, "Prices have changed since you loaded your cart. Please review your order before paying."),
      "Prices have changed since you loaded your cart. Please review your order before paying.",
    ],
    [
      "the rate limit",
      answer(429, "Request was throttled. Expected available in 30 seconds."),
      "Too many attempts. Please try again in 30 seconds.",
    ],
    ["an unknown 429", { status: 429, data: null }, "Too many attempts. Please wait a minute and try again."],
    ["a server error", answer(500, "A server error occurred."), "A server error occurred. Please try again in a moment."],
    ["a proxy's HTML page", { status: 502, data: "<html>Bad Gateway</html>" }, "A server error occurred. Please try again in a moment."],
    [
      "an answer that is not JSON",
      { status: "PARSING_ERROR", originalStatus: 504, data: "<html>", error: "SyntaxError" },
      "A server error occurred. Please try again in a moment.",
    ],
    [
      "the database away",
      answer(503, "The shop cannot reach its database just now. Please try again in a moment."),
      "The shop is busy just now. Please try again in a moment.",
    ],
    [
      "no connection",
      { status: "FETCH_ERROR", error: "TypeError: Failed to fetch" },
      "The shop cannot be reached. Please check your internet connection and try again.",
    ],
    ["axios' words", new Error("Network Error"), "The shop cannot be reached. Please check your internet connection and try again."],
    [
      "a time-out",
      { status: "TIMEOUT_ERROR", error: "AbortError: signal timed out" },
      "The shop took too long to answer. Please try again.",
    ],
    ["nothing at all", undefined, "Something went wrong. Please try again."],
  ])("%s", (_case, error, shown) => {
    expect(errorText(error)).toBe(shown);
  });

  it("reads `message` for list failures, and `detail` for the rest", () => {
    const body = { status: 404, data: { detail: "No Product matches the given query.", message: "Invalid page." } };
    expect(errorText(body, "message")).toBe("This page does not exist any more. Please go back to the first page.");
    expect(errorText(body)).toBe("We could not find this product. It may no longer be sold.");
  });

  it("shows a sentence the server wrote for people to English readers, and the status's message in Hindi", async () => {
    const error = answer(409, "This order has been shipped and can no longer be cancelled.");
    expect(errorText(error)).toBe("This order has been shipped and can no longer be cancelled.");
    await setLanguage("hi");
    expect(errorText(error)).toMatch(/[\u0900-\u097F]/);
    expect(errorText(error)).not.toMatch(/shipped/);
  });

  it("says a known server text in Hindi", async () => {
    await setLanguage("hi");
    expect(errorText(answer(404, "No Product matches the given query."))).toBe("यह उत्पाद नहीं मिला। हो सकता है अब यह बिकता न हो।");
    expect(errorText(answer(409, "Only 2 of नीम तेल left in stock."))).toBe("नीम तेल के केवल 2 स्टॉक में बचे हैं।");
  });

  it("keeps the server's own text with its notice, so the words can follow a later language switch", async () => {
    const notice = errorNotice(answer(409, "This order has been shipped and can no longer be cancelled."));
    expect(notice).toMatchObject({ server: "This order has been shipped and can no longer be cancelled." });
    await setLanguage("hi");
    expect(noticeText(notice)).toBe("आपके काम करते समय इसमें बदलाव हो गया। कृपया पेज दोबारा लोड करके फिर से कोशिश करें।");
  });
});

describe("fieldErrors", () => {
  it("keeps the message lists of a validation failure, field by field, in friendly words", () => {
    const data = {
      email: ["Enter a valid email address."],
      password1: ["This password is too short. It must contain at least 8 characters.", "This password is too common."],
      qty: ["A valid integer is required."],
      first_name: ["This field may not be blank."],
      detail: "Enter a valid email address.",
    };
    expect(fieldErrors({ status: 400, data })).toEqual({
      email: ["Enter a valid email address."],
      password1: ["The password is too short: use at least 8 characters.", "This password is too common."],
      qty: ["Please enter a whole number."],
      first_name: ["Please fill in this field."],
    });
  });

  it("says 'Please check this field.' for a message it does not know and that is not a sentence", () => {
    expect(fieldErrors({ status: 400, data: { awb: ['must match pattern "^[A-Za-z0-9-]+$"'] } })).toEqual({
      awb: ["Please check this field."],
    });
  });

  it("is empty for an answer without fields", () => {
    expect(fieldErrors({ status: "FETCH_ERROR", error: "TypeError: Failed to fetch" })).toEqual({});
    expect(fieldErrors({ status: 502, data: "<html>" })).toEqual({});
  });
});

describe("formErrorText", () => {
  it("shows the first non_field_errors message, in friendly words", () => {
    const data = {
      non_field_errors: ["Unable to log in with provided credentials."],
      detail: "Unable to log in with provided credentials.",
    };
    expect(formErrorText({ status: 400, data })).toBe("The e-mail address or password is not correct. Please try again.");
    const simpleJwt = { detail: "No active account found with the given credentials" };
    expect(formErrorText({ status: 401, data: simpleJwt })).toBe("The e-mail address or password is not correct. Please try again.");
  });

  it("says a registration's duplicate e-mail address in plain words", () => {
    const text = "A user is already registered with this e-mail address.";
    expect(formErrorText(answer(400, text, { email: [text] }))).toBe(
      "An account with this e-mail address already exists. Please sign in instead.",
    );
  });

  it("falls back to the detail, then to what the status says", () => {
    expect(formErrorText(answer(429, "Request was throttled. Expected available in 1 second."))).toBe(
      "Too many attempts. Please try again in 1 second.",
    );
    expect(formErrorText({ status: "FETCH_ERROR", error: "TypeError: Failed to fetch" })).toBe(
      "The shop cannot be reached. Please check your internet connection and try again.",
    );
  });
});

describe("errorText: selling in India", () => {
  it.each([
    [
      answer(400, "Sorry, we do not deliver to PIN code 744101 yet.", { postalCode: ["Sorry, we do not deliver to PIN code 744101 yet."] }),
      "We do not deliver to 744101 yet",
    ],
    [answer(404, "PIN code 999999 was not found."), "PIN code not found"],
    [answer(400, "PIN code 422001 is in Maharashtra, not Goa."), "PIN code 422001 is in Maharashtra, not Goa."],
    [
      answer(400, "Cash on Delivery is not available for PIN code 744101. Please pay online."),
      "Cash on Delivery is not available for this PIN code",
    ],
    [
      answer(400, "Cash on Delivery is available for orders up to ₹5000.00; this one comes to ₹5200.00. Please pay online."),
      "Cash on Delivery is not available for orders above ₹5,000.00",
    ],
    [answer(400, "Cash on Delivery is not available. Please pay online."), "Cash on Delivery is not available. Please pay online."],
    [
      answer(400, "Choose the state of the shipping address in India: the GST invoice needs it."),
      "Choose the state: the GST invoice needs it.",
    ],
  ])("says %j as %j", (error, text) => {
    expect(errorText(error)).toBe(text);
  });

  it("says a refused mobile number in the form's words, and in Hindi", async () => {
    const error = answer(400, "phone: Enter a valid 10-digit mobile number.", { phone: ["Enter a valid 10-digit mobile number."] });
    expect(fieldErrors(error)).toEqual({ phone: ["Enter a 10-digit mobile number"] });
    await setLanguage("hi");
    expect(errorText(answer(400, "Sorry, we do not deliver to PIN code 744101 yet."))).toBe("हम अभी 744101 पर डिलीवरी नहीं करते");
    await setLanguage("en");
  });
});

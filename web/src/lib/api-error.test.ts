import type { ErrorCode, ErrorParams } from "@krishi/contract";
import { afterEach, describe, expect, it, vi } from "vitest";
import { setLanguage } from "../i18n/index.ts";
import { anErrorBody, type FieldProblem } from "../testing/factories.ts";
import { errorCode, errorNotice, errorText, fieldErrors, formErrorText, noticeText } from "./api-error.ts";

afterEach(() => setLanguage("en"));

/** A failed request as RTK Query hands it over: the status and the server's body. */
const answer = (status: number, code: ErrorCode, detail: string, fields: Record<string, FieldProblem[]> = {}, params?: ErrorParams) => ({
  status,
  data: anErrorBody(code, detail, fields, params),
});

describe("errorText: the message of the answer's code", () => {
  it.each([
    [
      "a product that is gone",
      answer(404, "product_not_found", "No Product matches the given query."),
      "We could not find this product. It may no longer be sold.",
    ],
    ["an order that is not theirs", answer(404, "order_not_found", "No Order matches the given query."), "We could not find this order."],
    ["an unknown path", answer(404, "not_found", "Not found."), "We could not find this. It may have been removed."],
    [
      "a list page past the last",
      answer(404, "page_not_found", "Invalid page."),
      "This page does not exist any more. Please go back to the first page.",
    ],
    ["an expired session", answer(401, "token_not_valid", "Given token not valid for any token type"), "Please sign in again to continue."],
    [
      "a customer on a staff screen",
      answer(403, "permission_denied", "You do not have permission to perform this action."),
      "You do not have permission to do this.",
    ],
    [
      "stock that ran low",
      answer(409, "out_of_stock", "Only 1 of Neem oil 1 L left in stock.", {}, { name: "Neem oil 1 L", available: 1 }),
      "Only 1 of Neem oil 1 L left in stock.",
    ],
    [
      "stock that ran out",
      answer(409, "out_of_stock", "Neem oil 1 L is out of stock.", {}, { name: "Neem oil 1 L", available: 0 }),
      "Neem oil 1 L is out of stock.",
    ],
    [
      "an order past cancelling online",
      answer(
        409,
        "order_wrong_state",
        "This order is shipped: it can no longer be cancelled online. Please contact us.",
        {},
        {
          status: "shipped",
          event: "cancel",
          reason: "not_allowed",
        },
      ),
      "This order can no longer be cancelled online. Please contact us.",
    ],
    [
      "an order past shipping",
      answer(409, "order_wrong_state", "This order is delivered and cannot be shipped.", {}, { status: "delivered", event: "ship" }),
      "This order can no longer be shipped.",
    ],
    [
      "a price the server kept",
      answer(409, "price_changed", "Prices have changed since you loaded your cart. Please review your order before paying."),
      "Prices have changed since you loaded your cart. Please review your order before paying.",
    ],
    [
      "the rate limit",
      answer(429, "throttled", "Request was throttled. Expected available in 30 seconds.", {}, { seconds: 30 }),
      "Too many attempts. Please try again in 30 seconds.",
    ],
    [
      "the rate limit, a second",
      answer(429, "throttled", "Request was throttled. Expected available in 1 second.", {}, { seconds: 1 }),
      "Too many attempts. Please try again in 1 second.",
    ],
    [
      "the rate limit without its wait",
      answer(429, "throttled", "Rate limit exceeded"),
      "Too many attempts. Please wait a minute and try again.",
    ],
    ["a server error", answer(500, "server_error", "A server error occurred."), "A server error occurred. Please try again in a moment."],
    [
      "the database away",
      answer(503, "database_unavailable", "The shop cannot reach its database just now. Please try again in a moment."),
      "The shop is busy just now. Please try again in a moment.",
    ],
  ])("%s", (_case, error, shown) => {
    expect(errorText(error)).toBe(shown);
  });

  it("says a code's message with its params in Hindi", async () => {
    await setLanguage("hi");
    expect(errorText(answer(404, "product_not_found", "No Product matches the given query."))).toBe(
      "यह उत्पाद नहीं मिला। हो सकता है अब यह बिकता न हो।",
    );
    expect(errorText(answer(409, "out_of_stock", "Only 2 of नीम तेल left in stock.", {}, { name: "नीम तेल", available: 2 }))).toBe(
      "नीम तेल के केवल 2 स्टॉक में बचे हैं।",
    );
    expect(errorText(answer(429, "throttled", "Request was throttled. Expected available in 30 seconds.", {}, { seconds: 30 }))).toBe(
      "बहुत ज़्यादा कोशिशें हो गईं। कृपया 30 सेकंड बाद फिर से कोशिश करें।",
    );
  });

  it("never reads `detail`: another text, or none, says the same", () => {
    const params = { name: "Neem oil 1 L", available: 1 };
    const said = "Only 1 of Neem oil 1 L left in stock.";
    for (const detail of [
      "Only 1 of Neem oil 1 L left in stock.",
      "Stock: 1 unit of Neem oil 1 L remains.",
      "No Product matches the given query.",
      "",
    ]) {
      expect(errorText(answer(409, "out_of_stock", detail, {}, params))).toBe(said);
      expect(errorText(answer(409, "out_of_stock", detail, {}, params), "message")).toBe(said);
    }
    const { detail: _detail, message: _message, ...withoutTexts } = anErrorBody("out_of_stock", said, {}, params);
    expect(errorText({ status: 409, data: withoutTexts })).toBe(said);
  });

  it("says create-razorpay-order's {bool: 0} refusal by its code", () => {
    const detail = "This order was not paid in time and has been cancelled; its items went back on sale. Please place your order again.";
    const refusal = { bool: 0, detail, message: detail, code: "order_expired" };
    const expired = "This order was not paid in time and has been cancelled; its items went back on sale. Please place your order again.";
    expect(errorText({ status: 409, data: refusal })).toBe(expired);
    // As data, from a server that answered it with 200.
    expect(errorText({ data: refusal })).toBe(expired);
    expect(errorText({ status: 400, data: { bool: 0, detail: "Send the order_id and the amount in paise.", code: "field_invalid" } })).toBe(
      "Please check what you entered and try again.",
    );
  });

  it("keeps the answer with a notice made before the messages loaded, and says it by its code when shown", async () => {
    // A page still loading: a fresh copy of the module waits for its load event to fetch the messages.
    vi.resetModules();
    const readyState = vi.spyOn(document, "readyState", "get").mockReturnValue("loading");
    const fresh = await import("./api-error.ts");
    const i18n = await import("../i18n/index.ts");
    readyState.mockRestore();
    const notice = fresh.errorNotice(
      answer(409, "out_of_stock", "Only 3 of Neem oil 1 L left in stock.", {}, { name: "Neem oil 1 L", available: 3 }),
    );
    expect(notice.message).toBe("This changed while you were working on it. Please reload the page and try again.");
    expect(notice.answer).toEqual({ code: "out_of_stock", params: { name: "Neem oil 1 L", available: 3 } });
    await fresh.loadErrorMessages();
    expect(fresh.noticeText(notice)).toBe("Only 3 of Neem oil 1 L left in stock.");
    await i18n.setLanguage("hi");
    expect(fresh.noticeText(notice)).toBe("Neem oil 1 L के केवल 3 स्टॉक में बचे हैं।");
    await i18n.setLanguage("en");
  });

  it("knows the answer's code", () => {
    expect(errorCode(answer(400, "email_not_verified", "E-mail is not verified."))).toBe("email_not_verified");
    expect(errorCode({ status: 502, data: "<html>Bad Gateway</html>" })).toBeNull();
    expect(errorCode(undefined)).toBeNull();
  });
});

describe("errorText: a code that says 'see the fields'", () => {
  it("says 'Please check {field}: …' with the first field that has a label, of several", () => {
    const error = answer(400, "field_invalid", "id: A valid integer is required.", {
      id: [{ code: "not_integer", message: "A valid integer is required." }],
      countInStock: [{ code: "too_small", message: "Ensure this value is greater than or equal to 0.", params: { min: 0 } }],
      price: [{ code: "amount_invalid", message: "Enter a valid amount with at most two decimals." }],
    });
    expect(errorText(error)).toBe("Please check Count In Stock: Please enter 0 or more.");
    expect(fieldErrors(error)).toEqual({
      id: ["Please enter a whole number."],
      countInStock: ["Please enter 0 or more."],
      price: ["Enter a valid amount with at most two decimals."],
    });
  });

  it("says a field's too_small with its min, under a label, and in Hindi", async () => {
    const error = answer(400, "field_invalid", "price: Ensure this value is greater than or equal to 1.", {
      price: [{ code: "too_small", message: "Ensure this value is greater than or equal to 1.", params: { min: 1 } }],
    });
    expect(errorText(error)).toBe("Please check Price: Please enter 1 or more.");
    expect(fieldErrors(error)).toEqual({ price: ["Please enter 1 or more."] });
    await setLanguage("hi");
    expect(errorText(error)).toBe("कृपया क़ीमत जाँचें: कृपया 1 या उससे ज़्यादा लिखें।");
  });

  it("says a field's own message when it needs no label, and what the status says when none does", () => {
    const pin = answer(400, "address_invalid", "postalCode: Enter a valid 6-digit PIN code.", {
      postalCode: [{ code: "pin_invalid", message: "Enter a valid 6-digit PIN code." }],
    });
    expect(errorText(pin)).toBe("Enter a valid 6-digit PIN code.");
    const image = answer(413, "image_rejected", "The image is larger than 5 MB.", {
      image: [{ code: "image_too_large", message: "The image is larger than 5 MB." }],
    });
    expect(errorText(image)).toBe("The image is larger than 5 MB.");
    const refund = answer(400, "refund_amount_invalid", "At most ₹2,158.66 can still be refunded.", {
      amount: [{ code: "refund_too_large", message: "At most ₹2,158.66 can still be refunded.", params: { max: "2158.66" } }],
    });
    expect(errorText(refund)).toBe("At most ₹2,158.66 can still be refunded.");
    const id = answer(400, "field_invalid", "id: A valid integer is required.", {
      id: [{ code: "not_integer", message: "A valid integer is required." }],
    });
    expect(errorText(id)).toBe("Please check what you entered and try again.");
  });

  it("says a serviceability file's first bad line, with its value", async () => {
    const detail = 'Line 3: "4x" is not a PIN code or a PIN prefix (1 to 6 digits, not starting with 0).';
    const error = answer(400, "serviceability_invalid", detail, {
      non_field_errors: [{ code: "csv_prefix_invalid", message: detail, params: { line: 3, value: "4x" } }],
    });
    expect(errorText(error)).toBe("Line 3: “4x” is not a PIN code or a PIN prefix (1 to 6 digits, not starting with 0).");
    await setLanguage("hi");
    expect(errorText(error)).toBe("पंक्ति 3: “4x” पिन कोड या पिन प्रीफ़िक्स नहीं है (1 से 6 अंक, 0 से शुरू नहीं)।");
  });
});

describe("errorText: an answer without a code says what its status says", () => {
  it.each([
    [
      "a conflict",
      { status: 409, data: { detail: "Conflict" } },
      "This changed while you were working on it. Please reload the page and try again.",
    ],
    [
      "a known text without its code",
      { status: 404, data: { detail: "No Product matches the given query." } },
      "We could not find this. It may have been removed.",
    ],
    ["a 429 without a body", { status: 429, data: null }, "Too many attempts. Please wait a minute and try again."],
    ["a proxy's HTML page", { status: 502, data: "<html>Bad Gateway</html>" }, "A server error occurred. Please try again in a moment."],
    [
      "an answer that is not JSON",
      { status: "PARSING_ERROR", originalStatus: 504, data: "<html>", error: "SyntaxError" },
      "A server error occurred. Please try again in a moment.",
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
    ["a thrown error", new Error("Cannot read properties of undefined"), "Something went wrong. Please try again."],
    ["nothing at all", undefined, "Something went wrong. Please try again."],
    [
      "a code this app does not know yet",
      { status: 409, data: { detail: "The moon is in the wrong phase.", code: "moon_wrong_phase" } },
      "This changed while you were working on it. Please reload the page and try again.",
    ],
  ])("%s", (_case, error, shown) => {
    expect(errorText(error)).toBe(shown);
  });

  it("in Hindi too", async () => {
    await setLanguage("hi");
    expect(errorText({ status: 409, data: { detail: "This order has been shipped and can no longer be cancelled." } })).toBe(
      "आपके काम करते समय इसमें बदलाव हो गया। कृपया पेज दोबारा लोड करके फिर से कोशिश करें।",
    );
  });
});

describe("fieldErrors", () => {
  it("says each field's problems by their codes, in friendly words", () => {
    const error = answer(400, "password_invalid", "Enter a valid email address.", {
      email: [{ code: "invalid_email", message: "Enter a valid email address." }],
      password1: [
        { code: "password_too_short", message: "This password is too short. It must contain at least 8 characters.", params: { min: 8 } },
        { code: "password_too_common", message: "This password is too common." },
      ],
      first_name: [{ code: "blank", message: "This field may not be blank." }],
    });
    expect(fieldErrors(error)).toEqual({
      email: ["Enter a valid email address."],
      password1: ["The password is too short: use at least 8 characters.", "This password is too common."],
      first_name: ["Please fill in this field."],
    });
  });

  it("says 'Please check this field.' for a problem whose code it does not know, and for a field listed without codes", () => {
    const coded = {
      status: 400,
      data: { awb: ["Bad."], detail: "awb: Bad.", code: "field_invalid", field_errors: { awb: [{ code: "awb_mars" }] } },
    };
    expect(fieldErrors(coded)).toEqual({ awb: ["Please check this field."] });
    const older = { status: 400, data: { awb: ['must match pattern "^[A-Za-z0-9-]+$"'], detail: "Invalid input." } };
    expect(fieldErrors(older)).toEqual({ awb: ["Please check this field."] });
  });

  it("is empty for an answer without fields", () => {
    expect(fieldErrors(answer(409, "price_changed", "Prices have changed."))).toEqual({});
    expect(fieldErrors({ status: "FETCH_ERROR", error: "TypeError: Failed to fetch" })).toEqual({});
    expect(fieldErrors({ status: 502, data: "<html>" })).toEqual({});
  });
});

describe("formErrorText", () => {
  it("says the first problem of non_field_errors by its code", () => {
    const error = answer(400, "credentials_invalid", "Unable to log in with provided credentials.", {
      non_field_errors: [{ code: "credentials_invalid", message: "Unable to log in with provided credentials." }],
    });
    expect(formErrorText(error)).toBe("The e-mail address or password is not correct. Please try again.");
  });

  it("says a registration's duplicate e-mail address in plain words", () => {
    const text = "A user is already registered with this e-mail address.";
    expect(formErrorText(answer(400, "email_taken", text, { email: [{ code: "email_taken", message: text }] }))).toBe(
      "An account with this e-mail address already exists.",
    );
  });

  it("falls back to the code, then to what the status says", () => {
    expect(formErrorText(answer(429, "throttled", "Request was throttled. Expected available in 1 second.", {}, { seconds: 1 }))).toBe(
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
      answer(
        400,
        "pin_not_served",
        "Sorry, we do not deliver to PIN code 744101 yet.",
        {
          postalCode: [{ code: "pin_not_served", message: "Sorry, we do not deliver to PIN code 744101 yet.", params: { pin: "744101" } }],
        },
        { pin: "744101" },
      ),
      "We do not deliver to 744101 yet",
    ],
    [answer(404, "pin_not_found", "PIN code 999999 was not found.", {}, { pin: "999999" }), "PIN code not found"],
    [
      answer(
        400,
        "pin_state_mismatch",
        "PIN code 422001 is in Maharashtra, not Goa.",
        {},
        {
          pin: "422001",
          pinState: "Maharashtra",
          addressState: "Goa",
        },
      ),
      "PIN code 422001 is in Maharashtra, not Goa.",
    ],
    [
      answer(400, "cod_not_here", "Cash on Delivery is not available for PIN code 744101. Please pay online.", {}, { pin: "744101" }),
      "Cash on Delivery is not available for this PIN code",
    ],
    [
      answer(
        400,
        "cod_over_limit",
        "Cash on Delivery is available for orders up to ₹5000.00; this one comes to ₹5200.00.",
        {},
        {
          max: "5000.00",
          total: "5200.00",
        },
      ),
      "Cash on Delivery is not available for orders above ₹5,000.00",
    ],
    [
      answer(400, "cod_unavailable", "Cash on Delivery is not available. Please pay online."),
      "Cash on Delivery is not available. Please pay online.",
    ],
    [
      answer(400, "state_required", "Choose the state of the shipping address in India: the GST invoice needs it."),
      "Choose the state: the GST invoice needs it.",
    ],
  ])("says %j as %j", (error, text) => {
    expect(errorText(error)).toBe(text);
  });

  it("says a refused mobile number in the form's words, and a PIN not served in Hindi", async () => {
    const phone = answer(400, "address_invalid", "phone: Enter a valid 10-digit mobile number.", {
      phone: [{ code: "phone_invalid", message: "Enter a valid 10-digit mobile number." }],
    });
    expect(fieldErrors(phone)).toEqual({ phone: ["Enter a 10-digit mobile number"] });
    await setLanguage("hi");
    expect(errorText(answer(400, "pin_not_served", "Sorry, we do not deliver to PIN code 744101 yet.", {}, { pin: "744101" }))).toBe(
      "हम अभी 744101 पर डिलीवरी नहीं करते",
    );
  });
});

describe("noticeText", () => {
  it("follows a language switch", async () => {
    const notice = errorNotice(answer(404, "order_not_found", "No Order matches the given query."));
    expect(noticeText(notice)).toBe("We could not find this order.");
    await setLanguage("hi");
    expect(noticeText(notice)).toBe("यह ऑर्डर नहीं मिला।");
  });
});

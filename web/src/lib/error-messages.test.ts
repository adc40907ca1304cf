import { ERROR_CODES, type ErrorCode, type ErrorParams, FIELD_ERROR_CODES, type FieldErrorCode, ORDER_EVENTS } from "@krishi/contract";
import { afterEach, describe, expect, it } from "vitest";
import { setLanguage, t } from "../i18n/index.ts";
import { answerNotice, ERROR_MESSAGES, FIELD_MESSAGES, fieldNotice } from "./error-messages.ts";
import type { Notice } from "./notice.ts";

const catalogs = import.meta.glob<Record<string, string>>("../i18n/hi/*.json", { import: "default", eager: true });
const hindi: Record<string, string> = Object.assign({}, ...Object.values(catalogs));

/**
 * The params the server sends with each code (contract/src/errors.ts names them beside the code),
 * one set per message a code can choose.
 */
const ERROR_PARAMS: Partial<Record<ErrorCode, ErrorParams[]>> = {
  throttled: [{ seconds: 1 }, { seconds: 30 }],
  category_not_found: [{ category: 7 }],
  product_unavailable: [{ product: 12 }],
  variant_not_found: [{ product: 12, variant: 40, name: "Urea" }],
  out_of_stock: [
    { name: "Neem oil 1 L", available: 2 },
    { name: "Neem oil 1 L", available: 0 },
  ],
  too_many_units: [{ max: 10 }],
  cart_full: [{ max: 50 }],
  too_many_unpaid: [{ max: 3 }],
  pin_state_mismatch: [{ pin: "422001", pinState: "Maharashtra", addressState: "Goa" }],
  pin_not_served: [{ pin: "744101" }],
  cod_not_here: [{ pin: "744101" }],
  cod_over_limit: [{ max: "5000.00", total: "5200.00" }],
  order_wrong_state: [
    ...ORDER_EVENTS.flatMap((event) => [
      { status: "delivered", event },
      { status: "shipped", event },
    ]),
    { status: "shipped", event: "cancel", reason: "not_allowed" },
    { status: "shipped", event: "unknown" },
  ],
  return_window_closed: [{ until: "2026-11-30T18:29:59.000Z" }, {}],
  return_wrong_state: [
    { status: "received", action: "approve" },
    { status: "received", action: "reject" },
    { status: "rejected", action: "receive" },
    { status: "approved" },
  ],
  pin_not_found: [{ pin: "999999" }],
  credit_note_not_found: [{ n: 2 }],
  coupon_unknown: [{ code: "KHARIF10" }],
  coupon_expired: [{ code: "KHARIF10" }],
  coupon_not_yet: [{ code: "KHARIF10" }],
  coupon_used_up: [{ code: "KHARIF10" }],
  coupon_not_for_you: [{ code: "KHARIF10" }],
  coupon_minimum: [
    { code: "BULK10", moreItems: 1, moreAmount: "0.00" },
    { code: "BULK10", moreItems: 2, moreAmount: "0.00" },
    { code: "BIG", moreItems: 0, moreAmount: "4200.50" },
  ],
  otp_invalid: [{ tries_left: 0 }, { tries_left: 1 }, { tries_left: 4 }],
  label_claim_missing: [{ crop: "cotton", problem: "stem-borer" }],
};

const FIELD_PARAMS: Partial<Record<FieldErrorCode, ErrorParams[]>> = {
  too_small: [{ min: 1 }],
  too_large: [{ max: 100 }],
  too_short: [{ min: 8 }],
  too_long: [{ max: 150 }],
  invalid_choice: [{ choices: "0, 5, 12, 18, 28" }],
  too_few_items: [{ min: 1 }],
  too_many_items: [{ max: 50 }],
  password_too_short: [{ min: 8 }],
  password_too_similar: [{ to: "first_name" }, { to: "last_name" }, { to: "email" }],
  category_not_found: [{ category: 7 }],
  pin_state_mismatch: [{ pin: "422001", pinState: "Maharashtra", addressState: "Goa" }],
  pin_not_served: [{ pin: "744101" }],
  cod_not_here: [{ pin: "744101" }],
  cod_over_limit: [{ max: "5000.00", total: "5200.00" }],
  product_unavailable: [{ product: 12 }],
  variant_not_found: [{ product: 12, variant: 40, name: "Urea" }],
  too_many_units: [{ max: 10 }],
  amount_mismatch: [{ expected: 51936 }],
  refund_too_large: [{ max: "519.36" }],
  line_not_in_order: [{ product: 12 }],
  line_qty_too_many: [{ product: 7, max: 2 }],
  too_many_photos: [{ max: 3 }],
  date_range_too_long: [{ max: 366 }],
  csv_values: [{ line: 2, found: 2 }],
  csv_prefix_invalid: [{ line: 3, value: "4x" }],
  csv_days_invalid: [{ line: 3, value: "99", max: 60 }],
  csv_cod_invalid: [{ line: 3, value: "maybe" }],
  csv_duplicate: [{ line: 5, prefix: "4220", earlier: 2 }],
  csv_too_many_rows: [{ max: 200000 }],
  csv_quotes_unpaired: [{ line: 4 }],
  slab_overlap: [
    { zone: "4110", min: 0, max: 5000 },
    { zone: "", min: 5000, max: "", line: 3 },
  ],
  slab_empty: [{}, { line: 2 }],
  csv_shipping_values: [{ line: 2, found: 3 }],
  csv_grams_invalid: [{ line: 3, value: "5kg" }],
  csv_amount_invalid: [{ line: 3, value: "-40" }],
  csv_shipping_too_many_rows: [{ max: 1000 }],
  vocabulary_word_unsearchable: [{ word: "%%" }],
  vocabulary_too_many_groups: [{ max: 500 }],
  import_too_many_rows: [{ max: 100000 }],
  import_column_unknown: [{ column: "colour" }],
  import_column_repeated: [{ column: "price" }],
  import_sku_unknown: [{ sku: "UREA-45" }],
  promotion_target_unknown: [{ value: "Jewellery" }, { value: 987654 }],
  import_product_not_found: [{ id: 912 }],
  import_sku_other_product: [{ sku: "UREA-45", product: 12 }],
  import_sku_repeated: [{ sku: "UREA-45", earlier: 3 }],
  import_pack_repeated: [{ label: "45 kg", earlier: 3 }],
  import_product_differs: [{ earlier: 2 }],
  import_too_many_packs: [{ max: 20 }],
  image_not_in_zip: [{ name: "urea.jpg" }],
  image_address_refused: [{ address: "http://10.0.0.1/urea.jpg" }],
  image_fetch_failed: [{ address: "https://example.com/urea.jpg" }],
  otp_invalid: [{ tries_left: 0 }, { tries_left: 1 }, { tries_left: 4 }],
  crop_unknown: [{ value: "kapas" }],
  problem_unknown: [{ value: "ratua" }],
  crop_problem_unknown: [{ crop: "wheat", problem: "whitefly" }],
  label_claim_missing: [{ crop: "cotton", problem: "stem-borer" }],
  stage_unknown: [{ value: "boll-formation" }],
};

/** Every notice a table gives, with the code and params it was given for. */
const notices: [string, ErrorParams, Notice][] = [
  ...ERROR_CODES.flatMap((code) =>
    (ERROR_PARAMS[code] ?? [{}]).map((params): [string, ErrorParams, Notice] => [code, params, answerNotice({ code, params }) as Notice]),
  ),
  ...FIELD_ERROR_CODES.flatMap((code) =>
    (FIELD_PARAMS[code] ?? [{}]).map((params): [string, ErrorParams, Notice] => [`field ${code}`, params, fieldNotice({ code, params })]),
  ),
];

/** The ICU argument names of a message: "{count, plural, …}" and "{name}" give count and name. */
function argumentsOf(message: string): string[] {
  return [...new Set([...message.matchAll(/\{\s*([A-Za-z_]\w*)\s*[,}]/g)].map((match) => match[1] as string))].sort();
}

afterEach(() => setLanguage("en"));

describe("the words of an order that cannot make a move", () => {
  it("say what could not be done, and send a customer to the shop for a move only staff may make", () => {
    expect(answerNotice({ code: "order_wrong_state", params: { status: "delivered", event: "return_request" } })).toEqual({
      message: "This order can no longer be returned.",
    });
    expect(answerNotice({ code: "order_wrong_state", params: { status: "shipped", event: "cancel", reason: "not_allowed" } })).toEqual({
      message: "This order can no longer be cancelled online. Please contact us.",
    });
    expect(answerNotice({ code: "return_wrong_state", params: { status: "received", action: "reject" } })).toEqual({
      message: "This return can no longer be rejected.",
    });
  });

  it("say the day a return window closed in the shop's language", async () => {
    const notice = answerNotice({ code: "return_window_closed", params: { until: "2026-11-30T12:00:00.000Z" } }) as Notice;
    expect(t(notice.message, notice.values as never)).toBe("The time to return this order ended on 30 November 2026.");
    await setLanguage("hi");
    const hindi = answerNotice({ code: "return_window_closed", params: { until: "2026-11-30T12:00:00.000Z" } }) as Notice;
    expect(t(hindi.message, hindi.values as never)).toBe("इस ऑर्डर को लौटाने का समय 30 नवंबर 2026 को ख़त्म हो गया।");
  });
});

describe("the messages of the server's error codes", () => {
  it("cover every code of the contract, and only those", () => {
    expect(Object.keys(ERROR_MESSAGES).sort()).toEqual([...ERROR_CODES].sort());
    expect(Object.keys(FIELD_MESSAGES).sort()).toEqual([...FIELD_ERROR_CODES].sort());
    for (const [code, , notice] of notices) expect(notice?.message, code).toEqual(expect.any(String));
  });

  it("are all translated to Hindi, with the same values", () => {
    for (const [code, params, notice] of notices) {
      expect(hindi[notice.message], `${code} ${JSON.stringify(params)}: "${notice.message}"`).toBeDefined();
      expect(argumentsOf(hindi[notice.message] ?? ""), code).toEqual(argumentsOf(notice.message));
    }
  });

  it("are given every value they name, from the code's params", () => {
    for (const [code, params, { message, values = {} }] of notices) {
      const what = `${code} ${JSON.stringify(params)}`;
      expect(Object.keys(values).sort(), what).toEqual(argumentsOf(message));
      for (const value of Object.values(values)) {
        expect(value, what).not.toBe("");
        expect(value, what).not.toBeNaN();
      }
    }
  });

  it("read as whole sentences in English and in Hindi", async () => {
    const said = () => notices.map(([code, , { message, values }]) => [code, t(message, values as never)] as const);
    for (const [code, text] of said()) expect(text, code).not.toMatch(/[{}]|NaN|undefined/);
    await setLanguage("hi");
    for (const [code, text] of said()) {
      expect(text, code).not.toMatch(/[{}]|NaN|undefined/);
      expect(text, code).toMatch(/[\u0900-\u097F]/);
    }
  });
});

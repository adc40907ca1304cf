import type { ErrorCode, ErrorParams, FieldError, FieldErrorCode, OrderEventName, ReturnAction } from "@krishi/contract";
import { formatRupees, SCHEMA_FIELD_ERROR_CODES, tryToPaise } from "@krishi/contract";
import type { Message } from "../i18n/index.ts";
import { longDay } from "./dates.ts";
import type { ErrorAnswer, Notice } from "./notice.ts";

/**
 * What the web app says for each code of the server's errors (contract/src/errors.ts), in its
 * catalogs' words: a message, or a function of the error's `params` when the message has values.
 * Typed as complete records, so a code the contract gains without a message here is a type error;
 * ./error-messages.test.ts checks every message has its Hindi, with every value. The server's
 * `detail` is never read. Loaded on its own after the first page (see api-error.ts).
 */
export type Said = Message | ((params: ErrorParams) => Notice);

const CHECK_INPUT: Message = "Please check what you entered and try again.";
const CHECK: Message = "Please check this field.";
const FILL_IN: Message = "Please fill in this field.";
const SIGN_IN_AGAIN: Message = "Please sign in again to continue.";
const NOT_FOUND: Message = "We could not find this. It may have been removed.";
const SERVER_ERROR: Message = "A server error occurred. Please try again in a moment.";
const NOT_CONFIRMED: Message = "We could not confirm this payment. Please try again, or contact us if money was taken.";
const EMAIL_TAKEN: Message = "An account with this e-mail address already exists.";
const PASSWORDS_DIFFER: Message = "Passwords do not match";
const CHOOSE_IMAGE: Message = "Please choose an image to upload.";
const IMAGES_CHANGED: Message = "The images changed meanwhile. Please reload the page and try again.";
const NO_CATEGORY: Message = "Please choose a category from the list.";
const PRODUCT_GONE: Message = "A product in your cart is no longer sold. Please remove it and try again.";
const PHONE_INVALID: Message = "Enter a 10-digit mobile number";
const PHONE_COUNTRY: Message = "We can send codes only to mobile numbers of the countries we deliver to.";
const PHONE_TAKEN: Message = "This mobile number belongs to another account.";
const CODE_EXPIRED: Message = "This code has expired or was already used. Please ask for a new code.";
const RETURN_CHANGED: Message = "This return has changed meanwhile. Please reload the order.";
const NOTE_REQUIRED: Message = "Write a note for the customer: why the return is not accepted.";
const STAFF_PASSWORD: Message = "Staff accounts sign in with their code and their password. Please enter your password.";

/** A value of `params` as a number (NaN when it is missing), and as text. */
const num = (params: ErrorParams, name: string) => Number(params[name] ?? Number.NaN);
const text = (params: ErrorParams, name: string) => String(params[name] ?? "");

const tooManyUnits = (params: ErrorParams): Notice => ({
  message: "At most {max} units of one product per order.",
  values: { max: num(params, "max") },
});
/** A pack of a product in the cart that is no longer sold ({name}: the product). */
const packGone = (params: ErrorParams): Notice => ({
  message: "This pack of {name} is no longer sold. Please remove it from your cart and try again.",
  values: { name: text(params, "name") },
});
const pinStateMismatch = (params: ErrorParams): Notice => ({
  message: "PIN code {pin} is in {state}, not {chosen}.",
  values: { pin: text(params, "pin"), state: text(params, "pinState"), chosen: text(params, "addressState") },
});
const notServed = (params: ErrorParams): Notice => ({ message: "We do not deliver to {pin} yet", values: { pin: text(params, "pin") } });
/** `max` in rupees as a decimal string ("5000.00"). */
const codOverLimit = (params: ErrorParams): Notice => ({
  message: "Cash on Delivery is not available for orders above {amount}",
  values: { amount: formatRupees(tryToPaise(text(params, "max")) ?? 0) },
});

/** A wrong sign-in code, and how many more tries the code takes ({tries_left}). */
const wrongCode = (params: ErrorParams): Notice => ({
  message:
    "That code is not right. {count, plural, =0 {No tries are left: please ask for a new code.} one {You can try # more time.} other {You can try # more times.}}",
  values: { count: num(params, "tries_left") },
});

/** What could not be done to an order, per move of the order process ("This order can no longer be changed." for others). */
const CANNOT: Partial<Record<OrderEventName, Message>> = {
  pay: "This order can no longer be paid.",
  repay: "This order can no longer be paid.",
  pack: "This order can no longer be packed.",
  ship: "This order can no longer be shipped.",
  deliver: "This order can no longer be marked delivered.",
  collect: "Record the cash once the courier has delivered this order.",
  cancel: "This order can no longer be cancelled.",
  expire: "This order can no longer be cancelled.",
  refund: "This order can no longer be refunded.",
  return_request: "This order can no longer be returned.",
  return_approve: RETURN_CHANGED,
  return_reject: RETURN_CHANGED,
  return_receive: RETURN_CHANGED,
};

/** Moves staff may still make when the customer no longer may ({reason: "not_allowed"}): the customer asks them. */
const ASK_US: Partial<Record<OrderEventName, Message>> = {
  cancel: "This order can no longer be cancelled online. Please contact us.",
};

const isEvent = (value: unknown): value is OrderEventName => typeof value === "string" && Object.hasOwn(CANNOT, value);

/** An order that cannot make a move from its state ({status, event, reason?}), said by what could not be done. */
function wrongState(params: ErrorParams): Notice {
  if (!isEvent(params.event)) return { message: "This order can no longer be changed." };
  const askUs = params.reason === "not_allowed" ? ASK_US[params.event] : undefined;
  return { message: askUs ?? CANNOT[params.event] ?? "This order can no longer be changed." };
}

/** What could not be done to a return, per staff move ({status, action}). */
const RETURN_CANNOT: Record<ReturnAction["action"], Message> = {
  approve: "This return can no longer be approved.",
  reject: "This return can no longer be rejected.",
  receive: "This return can no longer be marked received.",
};

function returnWrongState(params: ErrorParams): Notice {
  const action = params.action as ReturnAction["action"] | undefined;
  return { message: action !== undefined && Object.hasOwn(RETURN_CANNOT, action) ? RETURN_CANNOT[action] : RETURN_CHANGED };
}

/** `until`: the moment the return window closed, said as its day in the shop's language. */
function returnWindowClosed(params: ErrorParams): Notice {
  const until = text(params, "until");
  if (Number.isNaN(Date.parse(until))) return { message: "The time to return this order is over." };
  return { message: "The time to return this order ended on {date}.", values: { date: longDay(until) } };
}

export const ERROR_MESSAGES: Record<ErrorCode, Said> = {
  // Requests
  field_invalid: CHECK_INPUT,
  body_invalid: CHECK_INPUT,
  body_too_large: "The file is too large.",
  media_type_unsupported: "Something went wrong. Please try again.",
  page_not_found: "This page does not exist any more. Please go back to the first page.",
  not_found: NOT_FOUND,
  throttled: (params) =>
    Number.isInteger(params.seconds)
      ? {
          message: "Too many attempts. Please try again in {seconds, plural, one {# second} other {# seconds}}.",
          values: { seconds: num(params, "seconds") },
        }
      : { message: "Too many attempts. Please wait a minute and try again." },
  server_error: SERVER_ERROR,
  database_unavailable: "The shop is busy just now. Please try again in a moment.",
  service_unavailable: SERVER_ERROR,
  // Sessions and permissions
  not_authenticated: SIGN_IN_AGAIN,
  token_not_valid: SIGN_IN_AGAIN,
  permission_denied: "You do not have permission to do this.",
  user_inactive: SIGN_IN_AGAIN,
  // Accounts
  credentials_invalid: "The e-mail address or password is not correct. Please try again.",
  email_not_verified: "E-mail is not verified.",
  account_disabled: "This account is disabled. Please contact us.",
  email_taken: EMAIL_TAKEN,
  password_mismatch: PASSWORDS_DIFFER,
  password_invalid: CHECK_INPUT,
  old_password_wrong: "Your old password was entered incorrectly. Please enter it again.",
  current_password_required: "Enter your current password to set a new one.",
  current_password_wrong: "Your current password was entered incorrectly. Please enter it again.",
  reset_link_invalid: "This link has expired or was already used. Please ask for a new password reset e-mail.",
  verification_link_invalid: NOT_FOUND,
  google_not_configured: "Sign-in with Google is not available just now. Please sign in with your e-mail address.",
  google_rejected: "Google did not accept the sign-in code. Please sign in with Google again.",
  google_token_invalid: "Google sign-in failed. Please try again.",
  google_unavailable: "Google sign-in is unavailable right now. Please try again later.",
  google_no_email: "Your Google account did not share an e-mail address.",
  google_email_unverified: "Your Google e-mail address is not verified.",
  google_other_account: "This e-mail address is already linked to a different Google account.",
  // A staff screen's user that is gone, or (401) the signed-in account itself.
  user_not_found: NOT_FOUND,
  self_delete: "You cannot delete your own account.",
  self_demote: "You cannot remove your own staff status.",
  phone_invalid: PHONE_INVALID,
  phone_country_unsupported: PHONE_COUNTRY,
  phone_taken: PHONE_TAKEN,
  otp_invalid: wrongCode,
  otp_expired: CODE_EXPIRED,
  staff_password_required: STAFF_PASSWORD,
  email_already_set: "This account already has an e-mail address.",
  // Catalogue
  product_not_found: "We could not find this product. It may no longer be sold.",
  already_reviewed: "Product already reviewed",
  stock_moved: "The stock changed while you were editing (some was sold or restocked). Check the count and save again.",
  category_not_found: NO_CATEGORY,
  image_not_found: "This image was already deleted.",
  image_order_invalid: IMAGES_CHANGED,
  image_missing: CHOOSE_IMAGE,
  image_rejected: "Upload a JPEG, PNG or WebP image.",
  multipart_required: CHOOSE_IMAGE,
  price_invalid: CHECK_INPUT,
  tax_fields_invalid: CHECK_INPUT,
  // Addresses
  address_not_found: "We could not find this address. It may have been deleted.",
  address_invalid: CHECK_INPUT,
  // Orders
  order_not_found: "We could not find this order.",
  order_empty: "Your order has no items. Please add products to your cart.",
  product_unavailable: PRODUCT_GONE,
  variant_not_found: packGone,
  out_of_stock: (params): Notice =>
    num(params, "available") > 0
      ? { message: "Only {count} of {name} left in stock.", values: { count: num(params, "available"), name: text(params, "name") } }
      : { message: "{name} is out of stock.", values: { name: text(params, "name") } },
  price_changed: "Prices have changed since you loaded your cart. Please review your order before paying.",
  too_many_units: tooManyUnits,
  too_many_unpaid: (params) => ({
    message: "You have {max} unpaid orders. Please pay for or cancel one of them before placing another.",
    values: { max: num(params, "max") },
  }),
  pin_state_mismatch: pinStateMismatch,
  state_required: "Choose the state: the GST invoice needs it.",
  pin_not_served: notServed,
  cod_unavailable: "Cash on Delivery is not available. Please pay online.",
  cod_not_here: "Cash on Delivery is not available for this PIN code",
  cod_over_limit: codOverLimit,
  order_changed: "This order changed while you were looking at it. Please reload it.",
  order_not_paid: "Order is not paid yet.",
  order_wrong_state: wrongState,
  order_not_cod: "This order is not paid by Cash on Delivery.",
  cash_already_received: "The cash for this order is already recorded as received.",
  order_cancelled: "This order has been cancelled.",
  order_expired: "This order was not paid in time and has been cancelled; its items went back on sale. Please place your order again.",
  order_already_paid: "This order is already paid.",
  cod_not_online: "This order is paid in cash on delivery: there is nothing to pay online.",
  // Cart
  cart_full: (params) => ({
    message: "Your cart holds {max} lines, as many as it can. Place an order or remove a line first.",
    values: { max: num(params, "max") },
  }),
  // Back-in-stock alerts
  pack_in_stock: "This pack is in stock now: you can add it to your cart.",
  phone_required: "We send this message by SMS: please add your mobile number on your profile first.",
  // Payments and refunds
  amount_mismatch: "The amount to pay has changed. Please reload the order and try again.",
  payment_mismatch: NOT_CONFIRMED,
  payment_signature_invalid: NOT_CONFIRMED,
  payment_not_captured: "Razorpay has not completed this payment. Please try again.",
  payment_unconfirmed:
    "We could not confirm your payment with Razorpay just now. If money was taken, your order will show as paid within a few minutes.",
  payment_refunded_late:
    "This order was cancelled before your payment arrived, and its items are no longer in stock. Your payment will be refunded in full.",
  gateway_unavailable: "The payment provider is unavailable. Please try again in a moment.",
  webhook_signature_invalid: CHECK_INPUT,
  refund_not_paid: "This order has not been paid: there is nothing to refund.",
  refund_cod: "This order was paid in cash on delivery: give the cash back to the customer outside the shop.",
  refund_amount_invalid: CHECK_INPUT,
  refund_refused: "Razorpay refused this refund. It is recorded as failed; nothing was refunded.",
  idempotency_key_reused: "This changed while you were working on it. Please reload the page and try again.",
  refund_not_found: "We could not find this refund.",
  refund_not_transfer: "This refund goes back through Razorpay: there is no transfer to mark as paid.",
  // Returns
  return_not_found: "We could not find this return.",
  return_window_closed: returnWindowClosed,
  return_wrong_state: returnWrongState,
  refund_account_required: "Tell us where to send the refund: a UPI id or a bank account.",
  // India: PIN codes and tax documents
  pin_not_found: "PIN code not found",
  serviceability_invalid: CHECK_INPUT,
  shipping_rule_not_found: "We could not find this shipping rule. It may have been removed.",
  shipping_rules_invalid: CHECK_INPUT,
  vocabulary_group_not_found: "We could not find this group of search words. It may have been removed.",
  vocabulary_invalid: CHECK_INPUT,
  invoice_not_found: "This order has no tax invoice yet.",
  credit_note_not_found: "We could not find this credit note.",
  date_invalid: CHECK_INPUT,
  // Catalogue import
  import_not_found: "We could not find this import. Please send the file again.",
  import_file_missing: "Choose a spreadsheet (CSV or XLSX) to import.",
  import_format: "The spreadsheet must be a CSV or an Excel (XLSX) file.",
  import_not_appliable: "Only a checked file without problems can be imported. Please check the file again.",
  // Promotions and coupons
  promotion_not_found: "We could not find this offer. It may have been removed.",
  promotion_invalid: CHECK_INPUT,
  coupon_unknown: (params) => ({ message: "There is no coupon “{code}”. Please check the code.", values: { code: text(params, "code") } }),
  coupon_expired: (params) => ({ message: "The coupon “{code}” has expired.", values: { code: text(params, "code") } }),
  coupon_not_yet: (params) => ({ message: "The coupon “{code}” cannot be used yet.", values: { code: text(params, "code") } }),
  coupon_used_up: (params) => ({ message: "The coupon “{code}” has been used up.", values: { code: text(params, "code") } }),
  coupon_not_for_you: (params) => ({
    message: "The coupon “{code}” is not for this account (first order only, or already used).",
    values: { code: text(params, "code") },
  }),
  coupon_minimum: couponMinimum,
  // Crops and problems
  crop_not_found: "We could not find this crop. It may have been removed.",
  problem_not_found: "We could not find this problem of the crop. It may have been removed.",
  crop_invalid: CHECK_INPUT,
  label_claim_missing: labelClaimMissing,
};

/** A pesticide linked to a crop and pest its label claim does not name. */
function labelClaimMissing(params: ErrorParams): Notice {
  return {
    message: "The label claim does not name {problem} on {crop}: a pesticide may be recommended only for what its label claim names.",
    values: { crop: text(params, "crop"), problem: text(params, "problem") },
  };
}

/** A coupon whose eligible lines lack units or value: what to add. */
function couponMinimum(params: ErrorParams): Notice {
  const moreItems = num(params, "moreItems");
  const moreAmount = tryToPaise(text(params, "moreAmount")) ?? 0;
  const code = text(params, "code");
  if (moreAmount > 0) {
    return {
      message: "Add {amount} more of the eligible items to use the coupon “{code}”.",
      values: { amount: formatRupees(moreAmount), code },
    };
  }
  return {
    message: "Add {count, plural, one {# more eligible item} other {# more eligible items}} to use the coupon “{code}”.",
    values: { count: moreItems, code },
  };
}

/**
 * Codes that only say "see the fields": their field problems tell what is wrong (the field's own
 * message, or "Please check {field}: …"), and their message above is said when none can.
 */
const SEE_FIELDS: ReadonlySet<string> = new Set<ErrorCode>([
  "field_invalid",
  "password_invalid",
  "image_rejected",
  "price_invalid",
  "tax_fields_invalid",
  "address_invalid",
  "refund_amount_invalid",
  "serviceability_invalid",
  "shipping_rules_invalid",
  "date_invalid",
]);

/** A line of an uploaded serviceability CSV, and its value, as `params` name them. */
const line = (params: ErrorParams) => ({ line: num(params, "line"), value: text(params, "value") });

export const FIELD_MESSAGES: Record<FieldErrorCode, Said> = {
  // The schema's checks: they name no field, so an error's notice adds its label.
  required: FILL_IN,
  blank: FILL_IN,
  not_integer: "Please enter a whole number.",
  not_number: "Please enter a number.",
  not_boolean: CHECK,
  not_text: CHECK,
  too_small: (params) => ({ message: "Please enter {min} or more.", values: { min: num(params, "min") } }),
  too_large: (params) => ({ message: "Please enter {max} or less.", values: { max: num(params, "max") } }),
  too_short: (params) => ({ message: "Please use at least {count} characters.", values: { count: num(params, "min") } }),
  too_long: (params) => ({ message: "Please use at most {count} characters.", values: { count: num(params, "max") } }),
  invalid_email: "Enter a valid email address.",
  invalid_choice: CHECK,
  too_few_items: CHECK,
  too_many_items: CHECK,
  control_characters: CHECK,
  invalid: CHECK,
  // Accounts
  email_taken: EMAIL_TAKEN,
  password_mismatch: PASSWORDS_DIFFER,
  password_too_short: (params) => ({
    message: "The password is too short: use at least {count} characters.",
    values: { count: num(params, "min") },
  }),
  password_too_common: "This password is too common.",
  password_entirely_numeric: "This password is entirely numeric.",
  password_too_similar: (params) =>
    params.to === "email"
      ? { message: "The password is too similar to your e-mail address." }
      : { message: "The password is too similar to your name." },
  old_password_wrong: "Your old password was entered incorrectly. Please enter it again.",
  current_password_required: "Enter your current password to set a new one.",
  current_password_wrong: "Your current password was entered incorrectly. Please enter it again.",
  credentials_invalid: "The e-mail address or password is not correct. Please try again.",
  email_not_verified: "E-mail is not verified.",
  link_invalid: "This link has expired or was already used. Please ask for a new password reset e-mail.",
  self_demote: "You cannot remove your own staff status.",
  phone_country_unsupported: PHONE_COUNTRY,
  phone_taken: PHONE_TAKEN,
  otp_invalid: wrongCode,
  otp_expired: CODE_EXPIRED,
  staff_password_required: STAFF_PASSWORD,
  // Catalogue
  amount_invalid: "Enter a valid amount with at most two decimals.",
  price_out_of_range: "Enter a price above ₹0 and at most ₹1,00,00,000.",
  hsn_invalid: "Enter an HSN code of 4, 6 or 8 digits, or leave it empty.",
  gst_rate_invalid: "Choose a GST rate from the list.",
  category_not_found: NO_CATEGORY,
  image_too_large: "The image is larger than 5 MB.",
  image_empty: "The file is empty.",
  image_not_image: "The file is not an image.",
  image_format: "Upload a JPEG, PNG or WebP image.",
  image_damaged: "The image is damaged or incomplete.",
  image_too_many_pixels: "The image has more than 40 megapixels: scale it down before uploading.",
  image_too_long: "Images may be at most 16383 pixels on a side: scale it down before uploading.",
  image_missing: CHOOSE_IMAGE,
  image_order_invalid: IMAGES_CHANGED,
  pack_label_taken: "Another pack of this product has this label.",
  sku_taken: "Another pack has this SKU.",
  pack_not_found: "This pack was removed meanwhile. Please reload the page and try again.",
  mrp_below_price: "The price cannot be above the MRP.",
  cibrc_number_required: "A pesticide needs its CIB&RC registration number.",
  // Addresses and orders
  pin_invalid: "Enter a valid 6-digit PIN code.",
  phone_invalid: PHONE_INVALID,
  phone_required: "Enter a mobile number for the courier.",
  state_required: "Choose the state: the GST invoice needs it.",
  state_unknown: "Enter an Indian state or union territory.",
  pin_state_mismatch: pinStateMismatch,
  pin_not_served: notServed,
  cod_unavailable: "Cash on Delivery is not available. Please pay online.",
  cod_not_here: "Cash on Delivery is not available for this PIN code",
  cod_over_limit: codOverLimit,
  product_unavailable: PRODUCT_GONE,
  variant_not_found: packGone,
  too_many_units: tooManyUnits,
  // Payments and refunds
  amount_mismatch: "The amount to pay has changed. Please reload the order and try again.",
  payment_mismatch: NOT_CONFIRMED,
  payment_signature_invalid: NOT_CONFIRMED,
  refund_too_small: "Enter an amount of at least ₹0.01.",
  refund_too_large: (params) => ({
    message: "At most {amount} can still be refunded.",
    values: { amount: formatRupees(tryToPaise(text(params, "max")) ?? 0) },
  }),
  refunded_in_full: "This order has been refunded in full.",
  refund_one_of: "Refund either an amount or lines, not both.",
  line_not_in_order: "One of the chosen products is not in this order.",
  line_variant_required: "This order has more than one pack of this product. Please choose the pack.",
  line_qty_too_many: (params) => ({
    message: "At most {max} units of this product can be returned or refunded.",
    values: { max: num(params, "max") },
  }),
  return_note_required: NOTE_REQUIRED,
  too_many_photos: (params) => ({ message: "Choose at most {max} photos.", values: { max: num(params, "max") } }),
  // Tax documents
  date_invalid: "Choose a date.",
  date_range_reversed: "The end date cannot be before the start date.",
  date_range_too_long: (params) => ({ message: "Choose a period of at most {max} days.", values: { max: num(params, "max") } }),
  // PIN serviceability uploads
  csv_values: (params) => ({
    message: "Line {line}: write 3 values (PIN code or prefix, delivery days, COD); found {found}.",
    values: { line: num(params, "line"), found: num(params, "found") },
  }),
  csv_prefix_invalid: (params) => ({
    message: "Line {line}: “{value}” is not a PIN code or a PIN prefix (1 to 6 digits, not starting with 0).",
    values: line(params),
  }),
  csv_days_invalid: (params) => ({
    message: "Line {line}: “{value}” is not a number of delivery days (a whole number from 0 to {max}).",
    values: { ...line(params), max: num(params, "max") },
  }),
  csv_cod_invalid: (params) => ({ message: "Line {line}: “{value}” is not a COD value: write yes or no.", values: line(params) }),
  csv_duplicate: (params) => ({
    message: "Line {line}: {prefix} is already on line {earlier}.",
    values: { line: num(params, "line"), prefix: text(params, "prefix"), earlier: num(params, "earlier") },
  }),
  csv_empty: "The file has no rows: write one line per PIN code or prefix.",
  csv_too_many_rows: "The file has more than 2,00,000 rows: a serviceability table may have at most 2,00,000 PIN codes or prefixes.",
  csv_quotes_unpaired: (params) => ({
    message:
      "Line {line}: the quotes do not pair up: put a value with a comma or a quote in double quotes, and write each quote in it twice.",
    values: { line: num(params, "line") },
  }),
  // Shipping rules (a CSV's problem names its line)
  slab_overlap: (params) =>
    onLine(params, {
      message: "The weights overlap the rule for {zone}, {slab}.",
      values: {
        zone: zoneNotice(text(params, "zone")),
        slab: slabNotice(num(params, "min"), params.max === "" ? null : num(params, "max")),
      },
    }),
  slab_empty: (params) => onLine(params, { message: "The weight up to must be more than the weight from." }),
  csv_shipping_values: (params) => ({
    message: "Line {line}: write 5 values (zone, from grams, up to grams, charge, free above); found {found}.",
    values: { line: num(params, "line"), found: num(params, "found") },
  }),
  csv_grams_invalid: (params) => ({ message: "Line {line}: “{value}” is not a weight in grams (a whole number).", values: line(params) }),
  csv_amount_invalid: (params) => ({
    message: "Line {line}: “{value}” is not an amount in rupees (at most two decimals).",
    values: line(params),
  }),
  csv_shipping_empty: "The file has no rows: write one line per shipping rule.",
  csv_shipping_too_many_rows: (params) => ({
    message: "The file has more than {max} rows: write at most {max} shipping rules.",
    values: { max: num(params, "max") },
  }),
  // The search vocabulary
  vocabulary_word_unsearchable: (params) => ({
    message: "“{word}” has no letters or digits to search by.",
    values: { word: text(params, "word") },
  }),
  vocabulary_too_few_words: "Write at least two words, separated by commas.",
  vocabulary_too_many_groups: (params) => ({
    message: "The shop may have at most {max} groups of search words.",
    values: { max: num(params, "max") },
  }),
  // A catalogue import's problems: the report shows each one's line and column beside it.
  import_unreadable: "The file cannot be read as an Excel workbook. Save it again as XLSX or CSV.",
  import_empty: "The sheet has no rows under its header.",
  import_too_many_rows: (params) => ({
    message: "The sheet has more than {max} rows: import it in parts.",
    values: { max: num(params, "max") },
  }),
  import_column_unknown: (params) => ({
    message: "The catalogue has no column “{column}”.",
    values: { column: text(params, "column") },
  }),
  import_column_repeated: (params) => ({
    message: "The column “{column}” is in the header twice.",
    values: { column: text(params, "column") },
  }),
  import_key_missing: "The header needs a sku, product_id or name column.",
  formula_cell: "This value starts like a formula (=, +, - or @): write ' before it.",
  import_sku_unknown: (params) => ({ message: "The shop has no pack with the SKU “{sku}”.", values: { sku: text(params, "sku") } }),
  import_product_not_found: (params) => ({ message: "The shop has no product number {id}.", values: { id: text(params, "id") } }),
  import_sku_other_product: (params) => ({
    message: "The SKU “{sku}” is a pack of another product (number {product}).",
    values: { sku: text(params, "sku"), product: text(params, "product") },
  }),
  import_sku_repeated: (params) => ({
    message: "The SKU “{sku}” is already on line {earlier}.",
    values: { sku: text(params, "sku"), earlier: num(params, "earlier") },
  }),
  import_pack_repeated: (params) => ({
    message: "The pack “{label}” is already on line {earlier}.",
    values: { label: text(params, "label"), earlier: num(params, "earlier") },
  }),
  import_product_differs: (params) => ({
    message: "This differs from the same product's row on line {earlier}: a product's columns must be the same on each of its rows.",
    values: { earlier: num(params, "earlier") },
  }),
  import_too_many_packs: (params) => ({ message: "A product may have at most {max} packs.", values: { max: num(params, "max") } }),
  stock_moved: "The stock of this pack changed (a sale) after the check. Please check the file again.",
  image_not_in_zip: (params) => ({ message: "The pictures' ZIP has no file “{name}”.", values: { name: text(params, "name") } }),
  image_address_refused: (params) => ({
    message: "“{address}” is not the https address of a public website.",
    values: { address: text(params, "address") },
  }),
  image_fetch_failed: (params) => ({
    message: "The picture at “{address}” could not be downloaded.",
    values: { address: text(params, "address") },
  }),
  // A promotion's fields
  coupon_code_invalid: "Use 3 to 20 letters or digits for the code.",
  coupon_code_taken: "Another offer already has this code.",
  promotion_value_required: FILL_IN,
  promotion_tiers_order: "Each tier must start at a larger quantity than the one before.",
  promotion_ends_before_start: "The end must be after the start.",
  promotion_target_unknown: (params) => ({ message: "“{value}” is not in the catalogue.", values: { value: text(params, "value") } }),
  // A crop's or a problem's fields, and a product's crops
  slug_invalid: "Use lower-case letters, digits and single hyphens (2 to 60), as in “stem-borer”.",
  crop_slug_taken: "Another crop already has this address.",
  problem_slug_taken: "Another problem already has this address.",
  crop_unknown: (params) => ({ message: "There is no crop “{value}”.", values: { value: text(params, "value") } }),
  problem_unknown: (params) => ({ message: "There is no problem “{value}”.", values: { value: text(params, "value") } }),
  crop_problem_unknown: (params) => ({
    message: "“{problem}” is not one of the problems of “{crop}”.",
    values: { crop: text(params, "crop"), problem: text(params, "problem") },
  }),
  label_claim_missing: labelClaimMissing,
  stage_unknown: (params) => ({ message: "The crop has no stage “{value}”.", values: { value: text(params, "value") } }),
};

/** A problem of an uploaded CSV's line (params.line), or of the rule staff edit (no line). */
function onLine(params: ErrorParams, problem: Notice): Notice {
  return params.line === undefined ? problem : { message: "Line {line}: {problem}", values: { line: num(params, "line"), problem } };
}

/** A shipping zone as staff read it: its PIN prefix, or everywhere. */
export function zoneNotice(zone: string): Notice | string {
  return zone === "" ? { message: "everywhere" } : zone;
}

/** A weight slab as staff read it: "0 to 5000 g", "5000 g and more". */
export function slabNotice(minGrams: number, maxGrams: number | null): Notice {
  return maxGrams === null
    ? { message: "{min} g and more", values: { min: minGrams } }
    : { message: "{min} to {max} g", values: { min: minGrams, max: maxGrams } };
}

/** The labels of the API's fields, for "Please check {field}: …" where a form does not show the field's own message. */
const FIELD_LABELS: Partial<Record<string, Message>> = {
  email: "Email Address",
  password: "Password",
  password1: "Password",
  password2: "Confirm Password",
  old_password: "Old Password",
  new_password1: "New Password",
  new_password2: "Confirm New Password",
  current_password: "Current Password",
  first_name: "First Name",
  last_name: "Last Name",
  name: "Name",
  price: "Price",
  brand: "Brand",
  countInStock: "Count In Stock",
  category: "Category",
  description: "Description",
  nameHi: "Name in Hindi",
  descriptionHi: "Details in Hindi",
};

const said = (entry: Said, params: ErrorParams = {}): Notice => (typeof entry === "string" ? { message: entry } : entry(params));

/** The schema's checks: their message needs the field's name. */
const NAMES_NO_FIELD: ReadonlySet<string> = new Set(SCHEMA_FIELD_ERROR_CODES);

/** A field's problem in the catalogs' words; a code this app does not know yet is "Please check this field." */
export function fieldNotice({ code, params }: FieldError): Notice {
  const entry = Object.hasOwn(FIELD_MESSAGES, code) ? FIELD_MESSAGES[code] : undefined;
  return entry ? said(entry, params) : { message: CHECK };
}

/**
 * What a field's problems tell of the whole error: one that applies to no field, else
 * "Please check {field}: …" for the first field with a label, else the first problem that says
 * what is wrong without the field's name. Null when none does.
 */
function fieldsNotice(fields: ErrorAnswer["fields"] = {}): Notice | null {
  const nonField = fields.non_field_errors?.[0];
  if (nonField) return fieldNotice(nonField);
  const entries = Object.entries(fields).flatMap(([name, problems]) => (problems?.[0] ? [[name, problems[0]] as const] : []));
  for (const [name, problem] of entries) {
    const label = FIELD_LABELS[name];
    if (label) return { message: "Please check {field}: {problem}", values: { field: { message: label }, problem: fieldNotice(problem) } };
  }
  const telling = entries.find(([, problem]) => !NAMES_NO_FIELD.has(problem.code));
  return telling ? fieldNotice(telling[1]) : null;
}

/**
 * What to tell for a server's error: its code's message, or, for a code that says "see the
 * fields" (and one this app does not know yet), what the fields' problems say. Null when neither
 * says anything: the status does then.
 */
export function answerNotice({ code, params, fields }: ErrorAnswer): Notice | null {
  const entry = code !== undefined && Object.hasOwn(ERROR_MESSAGES, code) ? ERROR_MESSAGES[code as ErrorCode] : undefined;
  if (entry && !SEE_FIELDS.has(code as string)) return said(entry, params);
  return fieldsNotice(fields) ?? (entry ? said(entry, params) : null);
}

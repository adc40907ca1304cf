import { formatRupees, tryToPaise } from "@krishi/contract";
import type { Message } from "../i18n/index.ts";
import type { Notice, ServerTexts } from "./notice.ts";

/**
 * The texts the shop's server sends in `detail` and in its per-field lists (server/src), as the
 * catalog messages the web app shows for them. Loaded on its own after the first page (see
 * api-error.ts). Texts already written for shoppers keep their words (and get a Hindi
 * translation); technical ones are said in plain words.
 */

/** Server texts shown in the same words. */
const SAME: readonly Message[] = [
  "E-mail is not verified.",
  "Verification e-mail sent.",
  "Your old password was entered incorrectly. Please enter it again.",
  "Enter your current password to set a new one.",
  "Your current password was entered incorrectly. Please enter it again.",
  "Google did not accept the sign-in code. Please sign in with Google again.",
  "Google sign-in is unavailable right now. Please try again later.",
  "Your Google account did not share an e-mail address.",
  "Your Google e-mail address is not verified.",
  "This e-mail address is already linked to a different Google account.",
  "You cannot delete your own account.",
  "You cannot remove your own staff status.",
  "This password is too common.",
  "This password is entirely numeric.",
  "Enter a valid email address.",
  "Product already reviewed",
  "The stock changed while you were editing (some was sold or restocked). Check the count and save again.",
  "Enter a valid amount with at most two decimals.",
  "Enter a price above ₹0 and at most ₹1,00,00,000.",
  "The image is larger than 5 MB.",
  "The file is empty.",
  "The file is not an image.",
  "Upload a JPEG, PNG or WebP image.",
  "The image is damaged or incomplete.",
  "The image has more than 40 megapixels: scale it down before uploading.",
  "Images may be at most 16383 pixels on a side: scale it down before uploading.",
  "Prices have changed since you loaded your cart. Please review your order before paying.",
  "This order changed while you were looking at it. Please reload it.",
  "Order is not paid yet.",
  "This order has been cancelled.",
  "This order was not paid in time and has been cancelled; its items went back on sale. Please place your order again.",
  "The payment provider is unavailable. Please try again in a moment.",
  "We could not confirm your payment with Razorpay just now. If money was taken, your order will show as paid within a few minutes.",
  "Razorpay has not completed this payment. Please try again.",
  "This order was cancelled before your payment arrived, and its items are no longer in stock. Your payment will be refunded in full.",
  "This order has not been paid: there is nothing to refund.",
  "This order has been refunded in full.",
  "Razorpay refused this refund. It is recorded as failed; nothing was refunded.",
  "Enter an amount of at least ₹0.01.",
  "Enter a valid 6-digit PIN code.",
  "Enter a mobile number for the courier.",
  "Choose the state: the GST invoice needs it.",
  "Enter an Indian state or union territory.",
  "Cash on Delivery is not available. Please pay online.",
  "The file has more than 2,00,000 rows: a serviceability table may have at most 2,00,000 PIN codes or prefixes.",
];

const SIGN_IN_AGAIN: Message = "Please sign in again to continue.";
const NOT_CONFIRMED: Message = "We could not confirm this payment. Please try again, or contact us if money was taken.";
const FILL_IN: Message = "Please fill in this field.";
const CHECK: Message = "Please check this field.";
const SERVER_ERROR: Message = "A server error occurred. Please try again in a moment.";

/** Server texts said in other words. */
const FRIENDLY: Partial<Record<string, Message>> = {
  // Accounts
  "A user is already registered with this e-mail address.": "An account with this e-mail address already exists. Please sign in instead.",
  "User with this email already exists": "An account with this e-mail address already exists. Please sign in instead.",
  "A user with that email already exists.": "Another account already uses this e-mail address.",
  "The two password fields didn't match.": "Passwords do not match",
  "Unable to log in with provided credentials.": "The e-mail address or password is not correct. Please try again.",
  "No active account found with the given credentials": "The e-mail address or password is not correct. Please try again.",
  "The password reset link is invalid or has expired.":
    "This link has expired or was already used. Please ask for a new password reset e-mail.",
  "Google sign-in is not configured on this server.":
    "Sign-in with Google is not available just now. Please sign in with your e-mail address.",
  "Google sign-in failed: the identity token from Google could not be verified.": "Google sign-in failed. Please try again.",
  "User account is disabled.": "This account is disabled. Please contact us.",
  "The password is too similar to the first name.": "The password is too similar to your name.",
  "The password is too similar to the last name.": "The password is too similar to your name.",
  "The password is too similar to the email address.": "The password is too similar to your e-mail address.",
  // Sessions and permissions
  "Authentication credentials were not provided.": SIGN_IN_AGAIN,
  "Given token not valid for any token type": SIGN_IN_AGAIN,
  "Token is invalid or expired": SIGN_IN_AGAIN,
  "Token is blacklisted": SIGN_IN_AGAIN,
  "User not found": SIGN_IN_AGAIN,
  "User is inactive": SIGN_IN_AGAIN,
  "You do not have permission to perform this action.": "You do not have permission to do this.",
  // Catalogue
  "No Product matches the given query.": "We could not find this product. It may no longer be sold.",
  "No Image matches the given query.": "This image was already deleted.",
  "List every image of this product exactly once.": "The images changed meanwhile. Please reload the page and try again.",
  "No file was submitted.": "Please choose an image to upload.",
  "Send one image and its product_id.": "Please choose an image to upload.",
  "Send the image as multipart/form-data.": "Please choose an image to upload.",
  "Invalid page.": "This page does not exist any more. Please go back to the first page.",
  // Orders, payments, addresses
  "No Order matches the given query.": "We could not find this order.",
  "No Address matches the given query.": "We could not find this address. It may have been deleted.",
  "No Order Items": "Your order has no items. Please add products to your cart.",
  "Order is already paid.": "This order is already paid.",
  "Amount does not match the order total.": "The amount to pay has changed. Please reload the order and try again.",
  "Enter a valid 10-digit mobile number.": "Enter a 10-digit mobile number",
  "Choose the state of the shipping address in India: the GST invoice needs it.": "Choose the state: the GST invoice needs it.",
  "This payment does not belong to this order.": NOT_CONFIRMED,
  "Payment signature is invalid.": NOT_CONFIRMED,
  "This payment does not match the order.": NOT_CONFIRMED,
  // The server's field messages (Django REST framework's words)
  "This field is required.": FILL_IN,
  "This field may not be blank.": FILL_IN,
  "A valid integer is required.": "Please enter a whole number.",
  "A valid number is required.": "Please enter a number.",
  "Invalid value": CHECK,
  "Invalid value.": CHECK,
  "Enter a valid value.": CHECK,
  "Remove the control characters (such as NUL) from this field.": CHECK,
  // Whole requests
  "A server error occurred.": SERVER_ERROR,
  "Database not writable.": SERVER_ERROR,
  "The shop cannot reach its database just now. Please try again in a moment.": "The shop is busy just now. Please try again in a moment.",
  "Request body is too large.": "The file is too large.",
};

/** Server texts with values in them. */
const PATTERNS: [RegExp, (match: string[]) => Notice][] = [
  [
    /^Only (\d+) of (.+) left in stock\.$/,
    ([, count = "", name = ""]) => ({ message: "Only {count} of {name} left in stock.", values: { count: Number(count), name } }),
  ],
  [/^(.+) is out of stock\.$/, ([, name = ""]) => ({ message: "{name} is out of stock.", values: { name } })],
  [
    /^(?:Product|Unknown product) \d+(?: is no longer sold)?\.$/,
    () => ({ message: "A product in your cart is no longer sold. Please remove it and try again." }),
  ],
  [
    /^At most (\d+) units of one product per order\.$/,
    ([, max = ""]) => ({ message: "At most {max} units of one product per order.", values: { max: Number(max) } }),
  ],
  [
    /^You have (\d+) unpaid orders\./,
    ([, max = ""]) => ({
      message: "You have {max} unpaid orders. Please pay for or cancel one of them before placing another.",
      values: { max: Number(max) },
    }),
  ],
  [
    /^At most ₹([\d,.]+) can still be refunded\.$/,
    ([, amount = ""]) => ({ message: "At most ₹{amount} can still be refunded.", values: { amount } }),
  ],
  [
    /^This order is .+: it can no longer be cancelled online\./,
    () => ({ message: "This order can no longer be cancelled online. Please contact us." }),
  ],
  [
    /^This order is .+ can(?:not| no longer) be (\w+)/,
    ([, done = ""]) => ({ message: NO_LONGER[done] ?? "This order can no longer be changed." }),
  ],
  [
    /^Request was throttled\. Expected available in (\d+) seconds?\.$/,
    ([, seconds = ""]) => ({
      message: "Too many attempts. Please try again in {seconds, plural, one {# second} other {# seconds}}.",
      values: { seconds: Number(seconds) },
    }),
  ],
  [
    /^This password is too short\. It must contain at least (\d+) characters\.$/,
    ([, count = ""]) => ({ message: "The password is too short: use at least {count} characters.", values: { count: Number(count) } }),
  ],
  [
    /^Ensure this value is greater than or equal to (-?[\d.]+)\.$/,
    ([, min = ""]) => ({ message: "Please enter {min} or more.", values: { min } }),
  ],
  [
    /^Ensure this value is less than or equal to (-?[\d.]+)\.$/,
    ([, max = ""]) => ({ message: "Please enter {max} or less.", values: { max } }),
  ],
  [
    /^Ensure this field has at least (\d+) characters\.$/,
    ([, count = ""]) => ({ message: "Please use at least {count} characters.", values: { count: Number(count) } }),
  ],
  [
    /^Ensure this field has no more than (\d+) characters\.$/,
    ([, count = ""]) => ({ message: "Please use at most {count} characters.", values: { count: Number(count) } }),
  ],
  [/^No category with id \d+\.$/, () => ({ message: "Please choose a category from the list." })],
  // Selling in India: PIN codes and Cash on Delivery
  [
    /^(?:Sorry, we do not deliver to PIN code|We do not deliver to) (\d{6}) yet\.$/,
    ([, pin = ""]) => ({ message: "We do not deliver to {pin} yet", values: { pin } }),
  ],
  [/^PIN code \d{6} was not found\.$/, () => ({ message: "PIN code not found" })],
  [
    /^PIN code (\d{6}) is in (.+), not (.+)\.$/,
    ([, pin = "", state = "", chosen = ""]) => ({ message: "PIN code {pin} is in {state}, not {chosen}.", values: { pin, state, chosen } }),
  ],
  [/^Cash on Delivery is not available for PIN code \d{6}\./, () => ({ message: "Cash on Delivery is not available for this PIN code" })],
  [
    /^Cash on Delivery is available for orders up to ₹([\d.]+);/,
    ([, max = ""]) => ({
      message: "Cash on Delivery is not available for orders above {amount}",
      values: { amount: formatRupees(tryToPaise(max) ?? 0) },
    }),
  ],
  [/^(Must be|Not a valid|Expected|Enter a valid|Ensure this list)\b/, () => ({ message: CHECK })],
];

/** "This order is … and cannot be {done}." by what could not be done. */
const NO_LONGER: Partial<Record<string, Message>> = {
  paid: "This order can no longer be paid.",
  packed: "This order can no longer be packed.",
  shipped: "This order can no longer be shipped.",
  delivered: "This order can no longer be marked delivered.",
  cancelled: "This order can no longer be cancelled.",
  refunded: "This order can no longer be refunded.",
};

export function knownServerText(text: string): Notice | null {
  if ((SAME as readonly string[]).includes(text)) return { message: text as Message };
  const friendly = FRIENDLY[text];
  if (friendly) return { message: friendly };
  for (const [pattern, notice] of PATTERNS) {
    const match = pattern.exec(text);
    if (match) return notice([...match]);
  }
  return null;
}

/** The labels of the API's fields, for "Please check {field}" when the form does not show the field's own message. */
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

/** Words a person wrote, as opposed to a validation summary, a lookup failure or a technical message. */
const TECHNICAL =
  /matches the given query|status code|network|failed to fetch|internal server|bad gateway|service unavailable|gateway time|bad request|unauthori[sz]ed|forbidden|not found|token|json|\bexpected\b|unexpected|undefined|null|exception|error:|sql|econn|paise|multipart|_id\b|idempotency|webhook|throttled/i;

export function readable(text: string): boolean {
  return /^[A-Z₹]/.test(text) && !/^[\w.[\]-]+: /.test(text) && text.split(/\s+/).length >= 3 && !TECHNICAL.test(text);
}

export const serverTexts: ServerTexts = { lookup: knownServerText, fieldLabel: (field) => FIELD_LABELS[field], readable };

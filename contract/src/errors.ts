/**
 * The codes of the API's errors: every 4xx and 5xx body carries one in `code`, beside the human
 * `detail` and `message` (whose words may change). A client chooses what to show by the code,
 * never by parsing the text; values a message needs (a product's name, a count, a PIN) come in
 * `params`. Add a code here when the server gains a failure a client can act on; never rename one.
 */
export const ERROR_CODES = [
  // Requests
  "field_invalid", // one or more fields failed validation: see the per-field lists
  "body_invalid", // the body is not valid JSON
  "body_too_large",
  "media_type_unsupported",
  "page_not_found", // a page past the last one
  "not_found", // a path or an item that does not exist
  "throttled", // params: {seconds}
  "server_error",
  "database_unavailable",
  "service_unavailable", // a part of the shop that is not configured or not reachable (webhooks)
  // Sessions and permissions
  "not_authenticated",
  "token_not_valid", // Simple JWT's code: an access or refresh token that is invalid, expired or revoked
  "permission_denied",
  "user_inactive", // Simple JWT's code: the token's user is disabled (its user gone: user_not_found)
  // Accounts
  "credentials_invalid",
  "email_not_verified",
  "account_disabled",
  "email_taken",
  "password_mismatch",
  "password_invalid", // too short, too common, entirely numeric or too like the name or e-mail: see the field
  "old_password_wrong",
  "current_password_required",
  "current_password_wrong",
  "reset_link_invalid",
  "verification_link_invalid",
  "google_not_configured",
  "google_rejected",
  "google_token_invalid",
  "google_unavailable",
  "google_no_email",
  "google_email_unverified",
  "google_other_account",
  "user_not_found",
  "self_delete",
  "self_demote",
  // Catalogue
  "product_not_found",
  "already_reviewed",
  "stock_moved",
  "category_not_found", // params: {category}
  "image_not_found",
  "image_order_invalid",
  "image_missing",
  "image_rejected", // not a JPEG, PNG or WebP image, damaged, or too large in bytes or pixels: see the field
  "multipart_required",
  "price_invalid",
  "tax_fields_invalid",
  // Addresses
  "address_not_found",
  "address_invalid", // a PIN, state or phone that is not right: see the field
  // Orders
  "order_not_found",
  "order_empty",
  "product_unavailable", // params: {product}
  "out_of_stock", // params: {name, available}
  "price_changed",
  "too_many_units", // params: {max}
  "too_many_unpaid", // params: {max}
  "pin_state_mismatch", // params: {pin, pinState, addressState}
  "state_required",
  "pin_not_served", // params: {pin}
  "cod_unavailable",
  "cod_not_here", // params: {pin}
  "cod_over_limit", // params: {max, total} (rupees as decimal strings)
  "order_changed",
  "order_not_paid",
  "order_wrong_state", // params: {status, event}
  "order_not_cod",
  "cash_already_received",
  "order_cancelled",
  "order_expired",
  "order_already_paid",
  "cod_not_online",
  // Payments and refunds
  "amount_mismatch",
  "payment_mismatch",
  "payment_signature_invalid",
  "payment_not_captured",
  "payment_unconfirmed",
  "payment_refunded_late",
  "gateway_unavailable",
  "webhook_signature_invalid",
  "refund_not_paid",
  "refund_cod",
  "refund_amount_invalid",
  "refund_refused",
  "idempotency_key_reused",
  // India: PIN codes and tax documents
  "pin_not_found", // params: {pin}
  "serviceability_invalid",
  "invoice_not_found",
  "credit_note_not_found", // params: {n}
  "date_invalid",
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

/** Values a message of an error needs (see the codes above). */
export type ErrorParams = Record<string, string | number>;

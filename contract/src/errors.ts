/**
 * The codes of the API's errors: every 4xx and 5xx body carries one in `code`, beside the human
 * `detail` and `message` (whose words may change). A client chooses what to show by the code,
 * never by parsing the text; values a message needs (a product's name, a count, a PIN) come in
 * `params`. Add a code here when the server gains a failure a client can act on; never rename one.
 */
export const ERROR_CODES = [
  // Requests
  "field_invalid", // one or more fields failed validation: see the per-field lists
  "body_invalid", // the body cannot be read: not valid JSON, or a multipart body malformed or cut short
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
  "phone_invalid", // not a mobile number
  "phone_country_unsupported", // a number of a country the shop does not send codes to
  "phone_taken", // another account holds the number
  "otp_invalid", // a wrong code; params: {tries_left}
  "otp_expired", // no live code for the number: never asked, expired, used or out of tries
  "staff_password_required", // a staff account signs in with its code AND its password
  "email_already_set", // only an account without an e-mail address adds one
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
  "variant_not_found", // a pack the product is not sold in (any more); params: {product, variant, name}
  "out_of_stock", // params: {name (with the pack when the product has several), available (of that pack), product, variant}
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
  "order_wrong_state", // params: {status, event, reason: not_allowed (not for this actor: ask the shop) | wrong_state}
  "order_not_cod",
  "cash_already_received",
  "order_cancelled",
  "order_expired",
  "order_already_paid",
  "cod_not_online",
  // Cart
  "cart_full", // params: {max} (lines a cart may hold)
  // Back-in-stock alerts
  "pack_in_stock", // params: {product, variant, available}: "Notify me" is for a pack out of stock; put it in the cart instead
  "phone_required", // an alert goes by SMS: the account needs a verified mobile number first
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
  "refund_not_found",
  "refund_not_transfer", // marking paid a refund that goes back through Razorpay
  // Returns
  "return_not_found",
  "return_window_closed", // params: {until}
  "return_wrong_state", // params: {status, action}
  "refund_account_required", // a Cash on Delivery order's refund needs a bank account or UPI id first
  // India: PIN codes and tax documents
  "pin_not_found", // params: {pin}
  "serviceability_invalid",
  "shipping_rule_not_found",
  "shipping_rules_invalid", // a shipping rule or a CSV of them refused: see the field's problem
  "vocabulary_group_not_found",
  "vocabulary_invalid", // a group of the search vocabulary refused: see the field's problem
  "invoice_not_found",
  "credit_note_not_found", // params: {n}
  "date_invalid",
  // Catalogue import
  "import_not_found",
  "import_file_missing", // no sheet in the upload
  "import_format", // the sheet is neither CSV nor XLSX
  "import_not_appliable", // only a dry run that found no problem can be applied
  // Promotions and coupons (a coupon's refusals carry params.code; also on the cart's and the order's `coupon` field)
  "promotion_not_found",
  "promotion_invalid", // a promotion refused: see the fields' problems
  "coupon_unknown",
  "coupon_expired",
  "coupon_not_yet",
  "coupon_used_up",
  "coupon_not_for_you", // first order only, or the customer used it as often as allowed
  "coupon_minimum", // params: {code, moreItems, moreAmount}: the eligible lines lack units or value
  // Crops and problems
  "crop_not_found",
  "problem_not_found",
  "crop_invalid", // a crop or problem refused: see the fields' problems
  "label_claim_missing", // params: {crop, problem}: a pesticide linked to a crop and pest its label claim does not name
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

/** Values a message of an error needs (see the codes above). */
export type ErrorParams = Record<string, string | number>;

/**
 * The codes of a field's problems: an error body lists them per field in `field_errors`
 * (`{"price": [{"code": "too_small", "params": {"min": 1}}]}`), beside the lists of messages that
 * Django REST Framework's clients read (`{"price": ["Ensure this value is …"]}`).
 */
/** The schema's checks: their messages need the field's name to say what is wrong. */
export const SCHEMA_FIELD_ERROR_CODES = [
  "required",
  "blank",
  "not_integer",
  "not_number",
  "not_boolean",
  "not_text",
  "too_small", // params: {min}
  "too_large", // params: {max}
  "too_short", // params: {min} characters
  "too_long", // params: {max} characters
  "invalid_email",
  "invalid_choice", // params: {choices} (comma-separated)
  "too_few_items", // params: {min}
  "too_many_items", // params: {max}
  "control_characters",
  "invalid", // any other value the field does not take
] as const;

export const FIELD_ERROR_CODES = [
  ...SCHEMA_FIELD_ERROR_CODES,
  // Accounts
  "email_taken",
  "password_mismatch",
  "password_too_short", // params: {min}
  "password_too_common",
  "password_entirely_numeric",
  "password_too_similar", // params: {to: first_name | last_name | email}
  "old_password_wrong",
  "current_password_required",
  "current_password_wrong",
  "credentials_invalid",
  "email_not_verified",
  "link_invalid",
  "self_demote",
  "phone_country_unsupported",
  "phone_taken",
  "otp_invalid", // params: {tries_left}
  "otp_expired",
  "staff_password_required",
  // Catalogue
  "amount_invalid", // more than two decimals, or not an amount
  "price_out_of_range",
  "hsn_invalid",
  "gst_rate_invalid",
  "category_not_found", // params: {category}
  "image_too_large",
  "image_empty",
  "image_not_image",
  "image_format",
  "image_damaged",
  "image_too_many_pixels",
  "image_too_long",
  "image_missing",
  "image_order_invalid",
  "pack_label_taken", // two packs of one product with one label
  "sku_taken", // a SKU another pack of the shop has
  "pack_not_found", // an edit naming a pack that is not the product's
  "mrp_below_price", // a pack's price above its MRP
  "cibrc_number_required", // a pesticide without its CIB&RC registration number
  // Addresses and orders
  "pin_invalid",
  "phone_invalid",
  "phone_required",
  "state_required",
  "state_unknown",
  "pin_state_mismatch", // params: {pin, pinState, addressState}
  "pin_not_served", // params: {pin}
  "cod_unavailable",
  "cod_not_here", // params: {pin}
  "cod_over_limit", // params: {max, total}
  "product_unavailable", // params: {product}
  "variant_not_found", // params: {product, variant, name}
  "too_many_units", // params: {max}
  // Payments and refunds
  "amount_mismatch", // params: {expected} paise
  "payment_mismatch",
  "payment_signature_invalid",
  "refund_too_small",
  "refund_too_large", // params: {max} rupees as a decimal string
  "refunded_in_full",
  "refund_one_of", // both or neither of amount and lines
  "line_not_in_order", // params: {product, variant when one was named}
  "line_variant_required", // params: {product}: the order holds the product in several packs, the line names none
  "line_qty_too_many", // params: {product, max}: more units than ordered and not already returned or refunded
  "return_note_required", // rejecting a return needs a note for the customer
  "too_many_photos", // params: {max}
  // Tax documents
  "date_invalid",
  "date_range_reversed",
  "date_range_too_long", // params: {max} days
  // PIN serviceability uploads (field non_field_errors; params.line: the first bad line)
  "csv_values", // params: {line, found}
  "csv_prefix_invalid", // params: {line, value}
  "csv_days_invalid", // params: {line, value, max}
  "csv_cod_invalid", // params: {line, value}
  "csv_duplicate", // params: {line, prefix, earlier}
  "csv_empty",
  "csv_too_many_rows", // params: {max}
  "csv_quotes_unpaired", // params: {line}: a quote never closed, or text after a closing quote (shipping rules too)
  // Shipping rules (a CSV's problems carry params.line; its zone's as csv_prefix_invalid)
  "slab_overlap", // params: {zone, min, max} of the slab it overlaps (max "" when open), and {line} in a CSV
  "slab_empty", // maxGrams not above minGrams; params: {line} in a CSV
  "csv_shipping_values", // params: {line, found}
  "csv_grams_invalid", // params: {line, value}
  "csv_amount_invalid", // params: {line, value}
  "csv_shipping_empty",
  "csv_shipping_too_many_rows", // params: {max}
  // The search vocabulary (field words)
  "vocabulary_word_unsearchable", // a word of no letters or digits; params: {word}
  "vocabulary_too_few_words", // fewer than two different words
  "vocabulary_too_many_groups", // params: {max}
  // A catalogue import's problems (an import report names each one's line and column)
  "import_unreadable", // the XLSX file cannot be read
  "import_empty", // no rows under the header
  "import_too_many_rows", // params: {max}
  "import_column_unknown", // params: {column}
  "import_column_repeated", // params: {column}
  "import_key_missing", // the header has neither sku nor product_id nor name
  "formula_cell", // a value a spreadsheet would run as a formula (=, +, -, @): write ' before it
  "import_sku_unknown", // params: {sku}: a row that only changes packs names a SKU the shop does not have
  "import_product_not_found", // params: {id}
  "import_sku_other_product", // params: {sku, product}: the SKU is a pack of another product
  "import_sku_repeated", // params: {sku, earlier}
  "import_pack_repeated", // params: {label, earlier}: two rows for one pack
  "import_product_differs", // params: {earlier}: a product column differs between rows of one product
  "import_too_many_packs", // params: {max}
  "stock_moved", // a pack's stock changed (a sale) between the check and the write, and the sheet changes it too
  "image_not_in_zip", // params: {name}
  "image_address_refused", // params: {address}: not https, or a private, loopback or link-local host
  "image_fetch_failed", // params: {address}
  // A promotion's fields
  "coupon_code_invalid", // letters and digits, 3 to 20 (- and _ inside)
  "coupon_code_taken", // another promotion has this code
  "promotion_value_required", // the kind needs it: percent, amount, or tiers
  "promotion_tiers_order", // tiers must rise in quantity
  "promotion_ends_before_start",
  "promotion_target_unknown", // params: {value}: no such category, product or pack
  // Crops and problems
  "slug_invalid", // lower-case letters, digits and single hyphens, 2 to 60
  "crop_slug_taken",
  "problem_slug_taken",
  "crop_unknown", // params: {value}: no crop has this slug
  "problem_unknown", // params: {value}: no problem has this slug
  "crop_problem_unknown", // params: {crop, problem}: the problem is not one of the crop's
  "label_claim_missing", // params: {crop, problem}: a pesticide linked to a pair its label claim does not name
  "stage_unknown", // params: {value}: the crop has no such stage
] as const;

export type FieldErrorCode = (typeof FIELD_ERROR_CODES)[number];

/** One problem of a field, as `field_errors` lists it. */
export interface FieldError {
  code: FieldErrorCode;
  params?: ErrorParams;
}

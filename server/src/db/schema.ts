import type { Language, OrderStatus, PackUnit, ProductKind, TaxMode } from "@krishi/contract";
import type { ColumnType, Generated, Insertable, Selectable } from "kysely";

/**
 * Row types of the database. Money is integer paise. Timestamps are ISO-8601 text on SQLite and
 * timestamptz on PostgreSQL (read back as Date); booleans are 0/1 on SQLite and boolean on
 * PostgreSQL. The serializers normalise both.
 */
export type Timestamp = ColumnType<Date | string, Date | string, Date | string>;
export type Bool = ColumnType<boolean | number, boolean, boolean>;

export interface UsersTable {
  id: Generated<number>;
  /** Null for an account made with a mobile number alone, until its owner adds an address. */
  email: string | null;
  password_hash: string | null;
  first_name: string;
  last_name: string;
  is_staff: Bool;
  is_active: Bool;
  email_verified: Bool;
  google_sub: string | null;
  created_at: Timestamp;
  last_login: Timestamp | null;
  /** The language of the user's e-mails. */
  language: Generated<Language>;
  /** When the owner was last mailed that someone is trying their password (at most once a day). */
  sign_in_alert_at: Timestamp | null;
  /** The verified mobile number, E.164; one account per number. */
  phone: string | null;
  /** Order news on WhatsApp as well as SMS. */
  whatsapp_opt_in: ColumnType<boolean | number, boolean | undefined, boolean>;
  /** Marketing messages (a cart's reminder): off until the customer turns them on (migration 0025). */
  offers_opt_in: ColumnType<boolean | number, boolean | undefined, boolean>;
  /**
   * An address the owner asked to add and has not verified yet: not unique, it takes nothing from
   * anyone; its link moves it into `email`.
   */
  pending_email: string | null;
}

/** Sign-in codes sent in one hour (`h:2026-01-02T10`) or day (`d:2026-01-02`), UTC: the shop's budget. */
export interface OtpBudgetTable {
  window_key: string;
  sent: Generated<number>;
}

/** The live sign-in code of a mobile number (one at a time). */
export interface PhoneCodesTable {
  phone: string;
  /** HMAC-SHA-256 of the number and the code, hex. */
  code_hash: string;
  channel: "sms" | "whatsapp";
  /** Tries of it from everywhere but the account's own devices (it dies for them at OTP_CODE_MAX_TRIES). */
  tries: Generated<number>;
  sent_at: Timestamp;
  expires_at: Timestamp;
}

export interface CategoriesTable {
  id: Generated<number>;
  name: string;
  /** The Hindi name, "" when there is none. */
  name_hi: Generated<string>;
}

/**
 * The words of the search index (spelling keys, search-keys.ts), each once: typos are corrected
 * against it and a prefix is expanded with it. SQLite: written beside the index by the catalogue;
 * a word may outlive its last product until the next rebuild (harmless: a search with it finds
 * nothing). PostgreSQL: kept by triggers on products (migration 0008), with `docs`.
 */
export interface SearchWordsTable {
  word: string;
  /** PostgreSQL only: how many products have the word (a word none has is removed). */
  docs: Generated<number>;
}

/**
 * PostgreSQL only: each word of each product's search keys, in a B-tree by word, field and
 * product, so a word's products are read in id order from the index alone (migration 0010).
 * Kept by triggers on products; the search reads it, nothing in the app writes it.
 */
export interface SearchPostingsTable {
  word: string;
  /** 0: anywhere in the product; 1: in its name. */
  field: number;
  product_id: number;
}

export interface ProductsTable {
  id: Generated<number>;
  name: string;
  brand: string;
  category_id: number;
  description: string;
  /** The Hindi name and description, "" when there are none. */
  name_hi: Generated<string>;
  description_hi: Generated<string>;
  /**
   * Summaries of the product's packs (product_variants), written by the catalogue only, in the
   * transaction that writes the packs (a staff edit, a checkout, stock given back): price_paise is
   * the LOWEST pack price (sort by price, "from ₹X"), count_in_stock the TOTAL units of all packs
   * (the in-stock filter). The product JSON's price and countInStock are the default pack's.
   */
  price_paise: number;
  count_in_stock: number;
  rating: Generated<number>;
  num_reviews: Generated<number>;
  /**
   * What keyword search scans: the lower-cased English and Hindi texts, then the spelling keys of
   * their words (catalog/search-keys.ts). Written by the catalogue's searchText() only.
   */
  search_text: string;
  /** The spelling keys of the product's words (search-keys.ts), space-separated with a space at each end. */
  search_keys: Generated<string>;
  /** The spelling keys of the name's words alone (English and Hindi): a name match ranks first. */
  search_name_keys: Generated<string>;
  /**
   * SQLite: the row is in the full-text index (the FTS5 tables product_search and product_text,
   * and search_words). Rows written without the catalogue (bulk loaders, tests) are indexed before
   * the next search. PostgreSQL indexes every row as it is written (tsvectors, triggers): unused.
   */
  search_indexed: ColumnType<boolean | number, boolean | undefined, boolean>;
  /** The HSN code ("" when not set) and the GST rate in percent (0, 5, 12, 18 or 28). */
  hsn_code: Generated<string>;
  gst_rate: Generated<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** The label (migration 0016): what the product is, for the registrations it must carry; texts "" when not given. */
  label_kind: Generated<ProductKind>;
  manufacturer: Generated<string>;
  manufacturer_address: Generated<string>;
  country_of_origin: Generated<string>;
  generic_name: Generated<string>;
  best_before: Generated<string>;
  customer_care: Generated<string>;
  /** A pesticide's CIB&RC registration number (a pesticide is not published without one). */
  cibrc_number: Generated<string>;
  seed_variety: Generated<string>;
  seed_lot: Generated<string>;
  germination_percent: ColumnType<number | null, number | null | undefined, number | null>;
  /** YYYY-MM-DD, or "". */
  seed_test_date: Generated<string>;
  fco_grade: Generated<string>;
  /** The label's values in Hindi (migration 0021), "" when not given: the product page shows the English then. */
  generic_name_hi: Generated<string>;
  country_of_origin_hi: Generated<string>;
  best_before_hi: Generated<string>;
  customer_care_hi: Generated<string>;
}

/**
 * A pack of a product; the one at the lowest position is the product's default. Every write of a
 * pack's price or stock also writes the product's summaries (ProductsTable.price_paise and
 * count_in_stock), with the product row locked first, then its packs (the one lock order).
 */
export interface ProductVariantsTable {
  id: Generated<number>;
  product_id: number;
  position: number;
  /** What the shopper picks: "45 kg". Order lines keep a copy. */
  label: string;
  /** Unique in the shop when not "". */
  sku: Generated<string>;
  net_quantity: number;
  unit: PackUnit;
  price_paise: number;
  mrp_paise: number;
  count_in_stock: number;
  /** The shipping weight of one pack, packing included. */
  weight_grams: Generated<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface ProductImagesTable {
  id: Generated<number>;
  product_id: number;
  path: string;
  position: number;
}

export interface ReviewsTable {
  id: Generated<number>;
  product_id: number;
  user_id: number | null;
  name: string;
  rating: number;
  comment: string;
  created_at: Timestamp;
}

export interface RefreshTokensTable {
  jti: string;
  user_id: number;
  /** Every token descending from one login shares the family of the first. */
  family: string;
  expires_at: Timestamp;
  revoked_at: Timestamp | null;
  /** The jti of the token this one was exchanged for, when it was rotated. */
  replaced_by: string | null;
  created_at: Timestamp;
}

/**
 * Where a user signed in successfully in the last 30 days: an IP address or a device (its cookie's
 * random id), as a SHA-256. A sign-in from one of them is never refused by the per-account limit.
 */
export interface RecognisedSignInsTable {
  user_id: number;
  kind: "ip" | "device";
  value_hash: string;
  last_success_at: Timestamp;
}

export interface AddressesTable {
  id: Generated<number>;
  user_id: number;
  label: string;
  address: string;
  city: string;
  state: Generated<string>;
  postal_code: string;
  landmark: Generated<string>;
  country: string;
  /** 10 digits, or "". */
  phone: Generated<string>;
  created_at: Timestamp;
}

export type { OrderStatus };

export interface OrdersTable {
  id: Generated<number>;
  user_id: number | null;
  customer_first_name: string;
  customer_last_name: string;
  customer_email: string;
  ship_label: string;
  ship_address: string;
  ship_city: string;
  ship_state: string;
  ship_postal_code: string;
  ship_landmark: string;
  ship_country: string;
  payment_method: string;
  items_paise: number;
  shipping_paise: number;
  tax_paise: number;
  total_paise: number;
  status: OrderStatus;
  is_paid: ColumnType<boolean | number, boolean | undefined, boolean>;
  paid_at: Timestamp | null;
  is_delivered: ColumnType<boolean | number, boolean | undefined, boolean>;
  delivered_at: Timestamp | null;
  razorpay_order_id: string | null;
  razorpay_payment_id: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  payment_due_at: Timestamp | null;
  /** The day the delivery is expected (YYYY-MM-DD), from the PIN's delivery days when placed. */
  expected_delivery_on: string | null;
  packed_at: Timestamp | null;
  shipped_at: Timestamp | null;
  cancelled_at: Timestamp | null;
  courier: string | null;
  awb: string | null;
  tracking_url: string | null;
  ship_phone: Generated<string>;
  /** How the order was taxed; in GST mode the buyer's and the seller's GST state codes. */
  tax_mode: Generated<TaxMode>;
  place_of_supply: Generated<string>;
  seller_state_code: Generated<string>;
  cod_fee_paise: Generated<number>;
  /** Σ the lines' discounts, taken off the items before tax. */
  discount_paise: Generated<number>;
  /** JSON: the promotions as placed, [{promotionId, code, description, descriptionHi, amountPaise, freeShipping}]. */
  discounts: Generated<string>;
  /** The GST of shipping and the COD fee (a composite supply at the highest rate of the lines). */
  charges_gst_rate: Generated<number>;
  charges_tax_paise: Generated<number>;
  /** Σ of the lines' and the charges' CGST, SGST and IGST. */
  cgst_paise: Generated<number>;
  sgst_paise: Generated<number>;
  igst_paise: Generated<number>;
  /** Whether the order's prices included GST (see PRICES_INCLUDE_TAX): the tax is inside the total, not added to it. */
  prices_include_tax: ColumnType<boolean | number, boolean | undefined, boolean>;
}

export type OrderActor = "customer" | "staff" | "system";

export interface OrderEventsTable {
  id: Generated<number>;
  order_id: number;
  from_status: OrderStatus | null;
  to_status: OrderStatus;
  event: string;
  actor: OrderActor;
  actor_id: number | null;
  note: string;
  created_at: Timestamp;
}

export type RefundStatus = "pending" | "processed" | "failed";
export type RefundMethod = "razorpay" | "transfer";

/** The units a refund gives back, with their own share of the line's tax. */
export interface RefundLinesTable {
  refund_id: number;
  order_item_id: number;
  qty: number;
  taxable_paise: number;
  cgst_paise: number;
  sgst_paise: number;
  igst_paise: number;
  tax_paise: number;
}

/** Where a Cash on Delivery order's refunds are paid (payments owns it). */
export interface RefundAccountsTable {
  order_id: number;
  kind: "upi" | "bank";
  upi: Generated<string>;
  account_name: Generated<string>;
  account_number: Generated<string>;
  ifsc: Generated<string>;
  updated_at: Timestamp;
}

export type ReturnStatus = "requested" | "approved" | "rejected" | "received";

/** A customer's request to send units back (returns owns it). */
export interface ReturnsTable {
  id: Generated<number>;
  order_id: number;
  status: ReturnStatus;
  reason: "damaged" | "wrong_item" | "expired" | "other";
  details: Generated<string>;
  /** JSON array of image paths. */
  photos: Generated<string>;
  note: Generated<string>;
  restocked: ColumnType<boolean | number, boolean | undefined, boolean>;
  refund_id: number | null;
  created_by: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface ReturnLinesTable {
  return_id: number;
  order_item_id: number;
  qty: number;
}

export interface RefundsTable {
  id: Generated<number>;
  order_id: number;
  amount_paise: number;
  reason: string;
  status: RefundStatus;
  /** Sent to Razorpay as X-Refund-Idempotency: a retry of the same refund makes no second one. */
  idempotency_key: string;
  razorpay_payment_id: string;
  razorpay_refund_id: string | null;
  /** razorpay: back through the gateway; transfer: paid by staff to the order's refund account. */
  method: Generated<RefundMethod>;
  /** A transfer's bank reference (UTR) once paid. */
  reference: Generated<string>;
  created_by: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface MailQueueTable {
  id: Generated<number>;
  /** One mail per cause: a second enqueue with the same key is ignored. */
  dedupe_key: string;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string;
  status: "queued" | "sent" | "failed";
  attempts: Generated<number>;
  next_attempt_at: Timestamp;
  locked_until: Timestamp | null;
  last_error: string | null;
  created_at: Timestamp;
  sent_at: Timestamp | null;
  /** email; or sms / whatsapp: to_address a number, subject the template, text_body the text, payload its values. */
  channel: Generated<"email" | "sms" | "whatsapp">;
  /** A text message's template: JSON {kind, language, params}. */
  payload: string | null;
}

/**
 * A shopper's cart (the cart module's): a customer's by user_id, a guest's by the SHA-256 of the
 * random id in their cart cookie (the cookie's value itself is never stored).
 */
export interface CartsTable {
  id: Generated<number>;
  user_id: number | null;
  guest_hash: string | null;
  /** The coupon the shopper entered, upper-case. */
  coupon_code: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** One product's pack in a cart, with how many; removed with its cart, product or pack. */
export interface CartLinesTable {
  cart_id: number;
  product_id: number;
  variant_id: number;
  qty: number;
  added_at: Timestamp;
}

/** "Notify me" on a pack out of stock (migration 0025; modules/alerts owns it): deleted as its message is queued. */
export interface StockAlertsTable {
  id: Generated<number>;
  user_id: number;
  product_id: number;
  variant_id: number;
  created_at: Timestamp;
}

/** A customer's last reminder of a cart left behind, and the cart's last change it was about (modules/alerts). */
export interface CartRemindersTable {
  user_id: number;
  sent_at: Timestamp;
  cart_changed_at: Timestamp;
}

/** Staff's catalogue imports (migration 0023; modules/catalogue-io owns them). */
export interface CatalogueImportsTable {
  id: Generated<number>;
  status: string;
  dry_run: Bool;
  file_name: string;
  format: string;
  file_key: string;
  with_images: Bool;
  files_removed: Bool;
  rows_total: number | null;
  rows_done: Generated<number>;
  /** The report (ImportReport) as JSON, once done. */
  report: string | null;
  created_by: number | null;
  created_at: Timestamp;
  finished_at: Timestamp | null;
}

export interface JobLeasesTable {
  name: string;
  holder: string;
  lease_until: Timestamp;
}

export interface OrderItemsTable {
  id: Generated<number>;
  order_id: number;
  product_id: number | null;
  name: string;
  name_hi: Generated<string>;
  image: string;
  price_paise: number;
  qty: number;
  hsn_code: Generated<string>;
  gst_rate: Generated<number>;
  /** The line's tax: its GST, or its share of the flat tax. */
  tax_paise: Generated<number>;
  cgst_paise: Generated<number>;
  sgst_paise: Generated<number>;
  igst_paise: Generated<number>;
  /** The pack sold; null for a line from before packs or whose pack was since removed. */
  variant_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** The pack's label when sold ("45 kg"); kept when the pack is removed. */
  variant_label: Generated<string>;
  /** The line's share of the order's discounts, before tax. */
  discount_paise: Generated<number>;
}

export interface DocumentSeriesTable {
  /** "invoice:KB/2026-27" or "credit_note:KB/CN/2026-27". */
  series: string;
  last_number: number;
}

export type TaxDocumentKind = "invoice" | "credit_note";

export interface TaxDocumentsTable {
  id: Generated<number>;
  kind: TaxDocumentKind;
  order_id: number;
  /** The refund a credit note is for; null for an invoice. */
  refund_id: number | null;
  series: string;
  seq: number;
  number: string;
  taxable_paise: number;
  cgst_paise: number;
  sgst_paise: number;
  igst_paise: number;
  total_paise: number;
  place_of_supply: string;
  issued_at: Timestamp;
}

export interface ServiceablePinsTable {
  /** The upload the row belongs to: the shop reads the version `serviceability` names. */
  version: number;
  /** A whole PIN or a prefix of one (1–6 digits): the longest matching prefix wins. */
  prefix: string;
  delivery_days: number;
  cod: Bool;
}

/** One row (id 1): the serviceability table in force. */
export interface ServiceabilityTable {
  id: number;
  /** The version of serviceable_pins in force, and its rows (0: no table). */
  version: number;
  row_count: number;
  /** The last version handed out to an upload or a removal. */
  last_version: number;
}

/** A shipping rule (migration 0017): the charge of a weight slab in a zone; contract/src/shipping.ts prices by them. */
export interface ShippingRulesTable {
  id: Generated<number>;
  /** A PIN prefix of 1–6 digits, or "" for everywhere: the longest matching zone with a slab for the weight wins. */
  zone: Generated<string>;
  /** The slab [min_grams, max_grams): max_grams null has no upper bound. */
  min_grams: number;
  max_grams: number | null;
  charge_paise: number;
  /** Free when the items cost more than this; null: never free. */
  free_above_paise: number | null;
  created_at: Timestamp;
}

/** A group of the search vocabulary (migration 0019): words that mean the same, as a JSON array of strings. */
export interface VocabularyGroupsTable {
  id: Generated<number>;
  words: string;
  updated_at: Timestamp;
}

export interface PaymentEventsTable {
  id: string;
  order_id: number | null;
  type: string;
  received_at: Timestamp;
}

export type AddressRow = Selectable<AddressesTable>;
export type NewOrder = Insertable<OrdersTable>;
export type NewOrderItem = Insertable<OrderItemsTable>;

export interface Database {
  users: UsersTable;
  refresh_tokens: RefreshTokensTable;
  recognised_sign_ins: RecognisedSignInsTable;
  phone_codes: PhoneCodesTable;
  otp_budget: OtpBudgetTable;
  categories: CategoriesTable;
  products: ProductsTable;
  search_words: SearchWordsTable;
  search_postings: SearchPostingsTable;
  product_variants: ProductVariantsTable;
  product_images: ProductImagesTable;
  reviews: ReviewsTable;
  addresses: AddressesTable;
  orders: OrdersTable;
  order_items: OrderItemsTable;
  payment_events: PaymentEventsTable;
  order_events: OrderEventsTable;
  refunds: RefundsTable;
  refund_lines: RefundLinesTable;
  refund_accounts: RefundAccountsTable;
  returns: ReturnsTable;
  return_lines: ReturnLinesTable;
  mail_queue: MailQueueTable;
  job_leases: JobLeasesTable;
  catalogue_imports: CatalogueImportsTable;
  document_series: DocumentSeriesTable;
  tax_documents: TaxDocumentsTable;
  serviceable_pins: ServiceablePinsTable;
  serviceability: ServiceabilityTable;
  shipping_rules: ShippingRulesTable;
  vocabulary_groups: VocabularyGroupsTable;
  carts: CartsTable;
  cart_lines: CartLinesTable;
  promotions: PromotionsTable;
  promotion_redemptions: PromotionRedemptionsTable;
  stock_alerts: StockAlertsTable;
  cart_reminders: CartRemindersTable;
  crops: CropsTable;
  problems: ProblemsTable;
  crop_problems: CropProblemsTable;
  product_crops: ProductCropsTable;
  product_problems: ProductProblemsTable;
  label_claims: LabelClaimsTable;
}

/** A crop (the crops module, migration 0026); seasons, stages and aliases are JSON text. */
export interface CropsTable {
  id: Generated<number>;
  slug: string;
  name: string;
  name_hi: string;
  image: string;
  /** JSON: ["kharif", "rabi", "zaid"]. */
  seasons: string;
  /** JSON: [{slug, name, nameHi}], in the crop's order of growth. */
  stages: string;
  /** JSON: other names farmers use ("kapas"). */
  aliases: string;
  position: number;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** A pest, disease, weed or deficiency (ProblemKind); aliases are JSON text. */
export interface ProblemsTable {
  id: Generated<number>;
  slug: string;
  kind: string;
  name: string;
  name_hi: string;
  symptoms: string;
  symptoms_hi: string;
  image: string;
  aliases: string;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** A problem of a crop, at one of its stages ("" any). */
export interface CropProblemsTable {
  crop_id: number;
  problem_id: number;
  stage: string;
}

/** A crop a product serves. */
export interface ProductCropsTable {
  product_id: number;
  crop_id: number;
}

/** A crop's problem a product treats (one of crop_problems). */
export interface ProductProblemsTable {
  product_id: number;
  crop_id: number;
  problem_id: number;
}

/** A pair of a pesticide's label claim: a crop and a pest its CIB&RC registration names. */
export interface LabelClaimsTable {
  product_id: number;
  crop_id: number;
  problem_id: number;
}

/** An offer or coupon (the promotions module): its terms as contract/src/promotions.ts reads them, JSON lists as text. */
export interface PromotionsTable {
  id: Generated<number>;
  code: string | null;
  description: string;
  description_hi: string;
  kind: string;
  target: string;
  percent: number;
  amount_paise: number;
  /** JSON: [{minQty, amountPaise}]. */
  tiers: string;
  min_items: number;
  min_amount_paise: number;
  max_discount_paise: number | null;
  starts_at: Timestamp | null;
  ends_at: Timestamp | null;
  first_order_only: Bool;
  per_customer_limit: number | null;
  usage_limit: number | null;
  /** Orders that carry it now. */
  uses: Generated<number>;
  /** JSON lists: category names, product ids, pack ids. */
  categories: string;
  product_ids: string;
  variant_ids: string;
  deleted_at: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** An order's use of a promotion; released when the order is cancelled or expires unpaid. */
export interface PromotionRedemptionsTable {
  id: Generated<number>;
  promotion_id: number;
  order_id: number;
  user_id: number | null;
  amount_paise: number;
  created_at: Timestamp;
  released_at: Timestamp | null;
}

export type PromotionRow = Selectable<PromotionsTable>;

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type RefreshTokenRow = Selectable<RefreshTokensTable>;
export type ProductRow = Selectable<ProductsTable>;
export type ReviewRow = Selectable<ReviewsTable>;

/** Business constants shared by server and web (docs/storefront.md, "Constants"). */
export const CURRENCY = "INR";
export const DEFAULT_PAYMENT_METHOD = "RazorPay";
/** How an order is paid: online through Razorpay, or cash to the courier (when COD is on). */
export const PAYMENT_METHODS = ["RazorPay", "COD"] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const PAGE_SIZE = 24;
export const MAX_PAGE_SIZE = 100;
export const RATING_MIN = 1;
export const RATING_MAX = 5;
export const RATING_LABELS = ["Poor", "Fair", "Good", "Very Good", "Excellent"] as const;
export const STAR_COLOR = "#f8e825";
export const DEFAULT_IMAGE_BASE_URL = "/media/";
/** Widths of the responsive WebP variants made for every product image: `<name>-w<width>.webp`. */
export const IMAGE_WIDTHS = [160, 320, 640, 960] as const;

export const REFUND_STATUSES = ["pending", "processed", "failed"] as const;
/** How a refund reaches the customer: back through Razorpay, or by a transfer staff make to the bank account or UPI id the customer gave (Cash on Delivery). */
export const REFUND_METHODS = ["razorpay", "transfer"] as const;

/** A return's life: asked for, pickup approved or refused, goods received back (and refunded). */
export const RETURN_STATUSES = ["requested", "approved", "rejected", "received"] as const;
export const RETURN_REASONS = ["damaged", "wrong_item", "expired", "other"] as const;
export type ReturnReason = (typeof RETURN_REASONS)[number];
/** Photos a customer may attach to a return request. */
export const MAX_RETURN_PHOTOS = 3;

/** The languages of the shop's e-mails (a user's `language`): English and Hindi. */
export const LANGUAGES = ["en", "hi"] as const;
export type Language = (typeof LANGUAGES)[number];

/** The orders of the product list (`sort`); newest first when none is given. */
export const PRODUCT_SORTS = ["newest", "price_asc", "price_desc", "rating"] as const;
export type ProductSort = (typeof PRODUCT_SORTS)[number];

/** Lines a cart may hold (one per product and pack); a guest's cart untouched this many days is removed. */
export const MAX_CART_LINES = 50;
export const GUEST_CART_DAYS = 30;

/**
 * What a promotion gives: a percentage off, a rupee amount off (of the order's items or of its
 * eligible lines: `target`), a rupee amount off each unit of the eligible lines once they reach a
 * quantity (tiers: "₹5 off each bag from 10 bags"), or free shipping.
 */
/** The seasons a crop is sown in: kharif (monsoon), rabi (winter), zaid (summer). */
export const SEASONS = ["kharif", "rabi", "zaid"] as const;
export type Season = (typeof SEASONS)[number];

/** What troubles a crop: a pest, a disease, a weed, or a nutrient's deficiency. */
export const PROBLEM_KINDS = ["pest", "disease", "weed", "deficiency"] as const;
export type ProblemKind = (typeof PROBLEM_KINDS)[number];

export const PROMOTION_KINDS = ["percent_off", "amount_off", "unit_off", "free_shipping"] as const;
export type PromotionKind = (typeof PROMOTION_KINDS)[number];

/** A percentage or amount off the whole order's items, or off the eligible lines only. */
export const PROMOTION_TARGETS = ["order", "lines"] as const;
export type PromotionTarget = (typeof PROMOTION_TARGETS)[number];

/** Why a coupon does not apply: each has its error code (coupon_…). */
export const COUPON_REFUSALS = ["unknown", "expired", "not_yet", "used_up", "not_for_you", "minimum"] as const;
export type CouponRefusalKind = (typeof COUPON_REFUSALS)[number];

/** Business constants shared by server and web (spec §9, DESIGN §5). */
export const CURRENCY = "INR";
export const DEFAULT_PAYMENT_METHOD = "RazorPay";
export const PAGE_SIZE = 24;
export const MAX_PAGE_SIZE = 100;
export const RATING_MIN = 1;
export const RATING_MAX = 5;
export const RATING_LABELS = ["Poor", "Fair", "Good", "Very Good", "Excellent"] as const;
export const STAR_COLOR = "#f8e825";
export const DEFAULT_IMAGE_BASE_URL = "/media/";
/** Widths of the responsive WebP variants made for every product image: `<name>-w<width>.webp`. */
export const IMAGE_WIDTHS = [160, 320, 640, 960] as const;

/** The states of an order (DESIGN §4), in the order an order normally passes them. */
export const ORDER_STATUSES = ["pending_payment", "paid", "packed", "shipped", "delivered", "cancelled", "refunded"] as const;

export const REFUND_STATUSES = ["pending", "processed", "failed"] as const;

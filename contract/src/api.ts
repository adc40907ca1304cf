import type { PricingRules } from "./pricing.ts";

/** The JSON shapes of the HTTP API (DESIGN §5), as the web client reads them. */

export interface Category {
  id: number;
  name: string;
}

export interface ProductImage {
  id: number;
  /** Relative path such as "images/urea-1.webp"; see imageUrl() in the web app. */
  image: string;
}

export interface Review {
  _id: number;
  name: string;
  rating: number;
  comment: string;
  createdAt: string;
}

export interface ProductSummary {
  _id: number;
  name: string;
  brand: string;
  category: Category;
  description: string;
  /** Decimal string with two places, e.g. "249.00". */
  price: string;
  countInStock: number;
  rating: number;
  numReviews: number;
  images: ProductImage[];
  createdAt: string;
}

export interface Product extends ProductSummary {
  reviews: Review[];
}

export interface PublicConfig {
  googleClientId: string | null;
  /** Where "Sign in with Google" sends the browser (null when Google sign-in is off). */
  googleAuthUrl: string | null;
  razorpayKeyId: string | null;
  paymentSandbox: boolean;
  imageBaseUrl: string;
  imageWidths: number[];
  pageSize: number;
  /** The pricing rule's parameters; the server is the authority, the web displays with the same. */
  pricing: PricingRules;
}

/** Every error answer: `detail` and `message` carry the same text; validation adds per-field lists. */
export interface ApiError {
  detail: string;
  message: string;
  non_field_errors?: string[];
  [field: string]: string | string[] | undefined;
}

export interface ShippingAddress {
  label: string;
  address: string;
  city: string;
  postalCode: string;
  country: string;
  state?: string;
  landmark?: string;
}

/** A saved address of a customer (answers carry `pincode` as an alias of `postalCode`). */
export interface SavedAddress extends Required<ShippingAddress> {
  id: number;
  pincode: string;
}

export interface OrderItem {
  /** The product's id, or null when the product has since been deleted. */
  product: number | null;
  name: string;
  image: string;
  price: string;
  qty: number;
}

export interface Order {
  _id: number;
  user: { first_name: string; last_name: string; email: string; name: string };
  orderItems: OrderItem[];
  shippingAddress: Required<ShippingAddress> & { pincode: string };
  paymentMethod: string;
  itemsPrice: string;
  shippingPrice: string;
  taxPrice: string;
  totalPrice: string;
  isPaid: boolean;
  paidAt: string | null;
  isDelivered: boolean;
  deliveredAt: string | null;
  createdAt: string;
}

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
  razorpayKeyId: string | null;
  paymentSandbox: boolean;
  imageBaseUrl: string;
  imageWidths: number[];
  pageSize: number;
}

/** Every error answer: `detail` and `message` carry the same text; validation adds per-field lists. */
export interface ApiError {
  detail: string;
  message: string;
  non_field_errors?: string[];
  [field: string]: string | string[] | undefined;
}

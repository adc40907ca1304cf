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
  email: string;
  password_hash: string | null;
  first_name: string;
  last_name: string;
  is_staff: Bool;
  is_active: Bool;
  email_verified: Bool;
  google_sub: string | null;
  created_at: Timestamp;
  last_login: Timestamp | null;
}

export interface CategoriesTable {
  id: Generated<number>;
  name: string;
}

export interface ProductsTable {
  id: Generated<number>;
  name: string;
  brand: string;
  category_id: number;
  description: string;
  price_paise: number;
  count_in_stock: number;
  rating: Generated<number>;
  num_reviews: Generated<number>;
  /** Lower-cased name, brand, category and description: what keyword search scans. */
  search_text: string;
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

export interface Database {
  users: UsersTable;
  categories: CategoriesTable;
  products: ProductsTable;
  product_images: ProductImagesTable;
  reviews: ReviewsTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type ProductRow = Selectable<ProductsTable>;
export type ReviewRow = Selectable<ReviewsTable>;

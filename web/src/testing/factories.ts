import type { Product } from "@krishi/contract";
import type { AuthState, User } from "../features/auth/index.ts";

/** A product as the API answers it; override what a test is about. */
export function aProduct(overrides: Partial<Product> = {}): Product {
  return {
    _id: 7,
    name: "Hybrid paddy seeds 10 kg",
    brand: "Kisan Gold",
    category: { id: 2, name: "Seeds" },
    description: "High-yield paddy for kharif sowing.",
    price: "1249.50",
    countInStock: 5,
    rating: 4.5,
    numReviews: 12,
    images: [{ id: 1, image: "images/paddy.webp" }],
    createdAt: "2024-06-01T10:00:00.000Z",
    reviews: [],
    ...overrides,
  };
}

/** A signed-in customer as the API answers it (DESIGN §5 user JSON). */
export function aUser(overrides: Partial<User> = {}): User {
  return {
    _id: 3,
    pk: 3,
    id: 3,
    email: "asha.patil@example.in",
    first_name: "Asha",
    last_name: "Patil",
    name: "Asha Patil",
    is_staff: false,
    isAdmin: false,
    addresses: [],
    ...overrides,
  };
}

/** Auth state for `preloadedState`: signed in as `user` (a customer unless given). */
export function signedIn(user: User = aUser()): AuthState {
  return { access: "access-1", refresh: "refresh-1", isAuthenticated: true, user, message: null, variant: "info" };
}

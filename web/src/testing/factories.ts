import type { Product } from "@krishi/contract";

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

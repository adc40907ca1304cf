export type StarKind = "full" | "half" | "empty";

/** Star i (1..5) is full when value ≥ i, half when value ≥ i − 0.5, else empty (docs/storefront.md, "Constants"). */
export function starKinds(value: number): StarKind[] {
  return [1, 2, 3, 4, 5].map((i) => (value >= i ? "full" : value >= i - 0.5 ? "half" : "empty"));
}

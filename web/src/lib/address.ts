import type { ShippingAddress } from "@krishi/contract";

/** An address on one line: "Plot 4, Near the mandi, Nashik, Maharashtra 422001, India". */
export function addressLine(address: ShippingAddress): string {
  const place = [address.state, address.postalCode].filter(Boolean).join(" ");
  return [address.address, address.landmark, address.city, place, address.country]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(", ");
}

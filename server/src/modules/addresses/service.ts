import type { SavedAddress, ShippingAddress } from "@krishi/contract";
import type { Db } from "../../db/database.ts";
import { badRequest, notFound } from "../../lib/errors.ts";
import * as repo from "./repository.ts";

/** What a customer sends for an address (postalCode already resolved from its pincode alias). */
export type AddressInput = ShippingAddress;

export const ADDRESS_NOT_FOUND = "No Address matches the given query.";

const INDIA = /^\s*(india|bharat|in)\s*$/i;
const PIN_CODE = /^[1-9]\d{5}$/;

export function addressJson(row: repo.AddressRecord): SavedAddress {
  return {
    id: row.id,
    label: row.label,
    address: row.address,
    city: row.city,
    state: row.state,
    postalCode: row.postal_code,
    pincode: row.postal_code,
    landmark: row.landmark,
    country: row.country,
  };
}

/**
 * Checks what the schema cannot: required fields are not just spaces, and an Indian address has
 * a six-digit PIN code. Answers the cleaned fields.
 */
export function cleanAddress(input: AddressInput): repo.AddressFields {
  const fields = {
    label: input.label.trim(),
    address: input.address.trim(),
    city: input.city.trim(),
    state: (input.state ?? "").trim(),
    postal_code: input.postalCode.replace(/\s+/g, ""),
    landmark: (input.landmark ?? "").trim(),
    country: input.country.trim(),
  };
  const errors: Record<string, string[]> = {};
  for (const [name, value] of [
    ["label", fields.label],
    ["address", fields.address],
    ["city", fields.city],
    ["postalCode", fields.postal_code],
    ["country", fields.country],
  ] as const) {
    if (!value) errors[name] = ["This field may not be blank."];
  }
  if (fields.postal_code && INDIA.test(fields.country) && !PIN_CODE.test(fields.postal_code)) {
    errors.postalCode = ["Enter a valid 6-digit PIN code."];
  }
  const first = Object.entries(errors)[0];
  if (first) throw badRequest(`${first[0]}: ${first[1][0]}`, errors);
  return fields;
}

export class AddressesService {
  constructor(private readonly db: Db) {}

  async list(userId: number): Promise<SavedAddress[]> {
    return (await repo.findAddresses(this.db, userId)).map(addressJson);
  }

  async get(userId: number, id: number): Promise<SavedAddress> {
    const row = await repo.findAddress(this.db, userId, id);
    if (!row) throw notFound(ADDRESS_NOT_FOUND);
    return addressJson(row);
  }

  async add(userId: number, input: AddressInput): Promise<SavedAddress> {
    const id = await repo.insertAddress(this.db, userId, cleanAddress(input));
    return this.get(userId, id);
  }

  async edit(userId: number, id: number, input: AddressInput): Promise<SavedAddress> {
    if (!(await repo.updateAddress(this.db, userId, id, cleanAddress(input)))) throw notFound(ADDRESS_NOT_FOUND);
    return this.get(userId, id);
  }

  async remove(userId: number, id: number): Promise<void> {
    if (!(await repo.deleteAddress(this.db, userId, id))) throw notFound(ADDRESS_NOT_FOUND);
  }
}

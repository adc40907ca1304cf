import type { SavedAddress, TaxMode } from "@krishi/contract";
import type { Db } from "../../db/database.ts";
import { notFound } from "../../lib/errors.ts";
import { type AddressInput, addressError, checkShippingAddress } from "./check.ts";
import * as repo from "./repository.ts";

export const ADDRESS_NOT_FOUND = "No Address matches the given query.";

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
    phone: row.phone,
  };
}

/** The address's columns after checkShippingAddress; a refused address throws its 400. */
function checkedFields(input: AddressInput, taxMode: TaxMode): repo.AddressFields {
  const check = checkShippingAddress(input, { taxMode });
  if (!check.ok) throw addressError(check);
  const { address } = check;
  return {
    label: address.label,
    address: address.address,
    city: address.city,
    state: address.state,
    postal_code: address.postalCode,
    landmark: address.landmark,
    country: address.country,
    phone: address.phone,
  };
}

export class AddressesService {
  constructor(
    private readonly db: Db,
    /** In GST mode an Indian address needs a known state and a phone number (check.ts). */
    private readonly options: { taxMode: TaxMode } = { taxMode: "flat" },
  ) {}

  async list(userId: number): Promise<SavedAddress[]> {
    return (await repo.findAddresses(this.db, userId)).map(addressJson);
  }

  async get(userId: number, id: number): Promise<SavedAddress> {
    const row = await repo.findAddress(this.db, userId, id);
    if (!row) throw notFound("address_not_found", ADDRESS_NOT_FOUND);
    return addressJson(row);
  }

  async add(userId: number, input: AddressInput): Promise<SavedAddress> {
    const id = await repo.insertAddress(this.db, userId, checkedFields(input, this.options.taxMode));
    return this.get(userId, id);
  }

  async edit(userId: number, id: number, input: AddressInput): Promise<SavedAddress> {
    if (!(await repo.updateAddress(this.db, userId, id, checkedFields(input, this.options.taxMode))))
      throw notFound("address_not_found", ADDRESS_NOT_FOUND);
    return this.get(userId, id);
  }

  async remove(userId: number, id: number): Promise<void> {
    if (!(await repo.deleteAddress(this.db, userId, id))) throw notFound("address_not_found", ADDRESS_NOT_FOUND);
  }
}

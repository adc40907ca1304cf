import type { SavedAddress, TaxMode } from "@krishi/contract";
import type { Db } from "../../db/database.ts";
import { done, fail, ok, type Result } from "../../lib/result.ts";
import { type AddressInput, type AddressProblem, checkShippingAddress } from "./check.ts";
import * as repo from "./repository.ts";

/** Why an address request is refused: no such address of this customer (another's is none either), or its fields. */
export type AddressFailure = { kind: "address-not-found" } | ({ kind: "address-invalid" } & AddressProblem);

const NOT_FOUND = fail({ kind: "address-not-found" } as const);

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

/** The address's columns after checkShippingAddress, or why it is refused. */
function checkedFields(input: AddressInput, taxMode: TaxMode): Result<repo.AddressFields, AddressFailure> {
  const check = checkShippingAddress(input, { taxMode });
  if (!check.ok) return fail({ kind: "address-invalid", field: check.field, message: check.message, fields: check.fields });
  const { address } = check;
  return ok({
    label: address.label,
    address: address.address,
    city: address.city,
    state: address.state,
    postal_code: address.postalCode,
    landmark: address.landmark,
    country: address.country,
    phone: address.phone,
  });
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

  async get(userId: number, id: number): Promise<Result<SavedAddress, AddressFailure>> {
    const row = await repo.findAddress(this.db, userId, id);
    return row ? ok(addressJson(row)) : NOT_FOUND;
  }

  async add(userId: number, input: AddressInput): Promise<Result<SavedAddress, AddressFailure>> {
    const fields = checkedFields(input, this.options.taxMode);
    if (!fields.ok) return fields;
    const id = await repo.insertAddress(this.db, userId, fields.value);
    return this.get(userId, id);
  }

  async edit(userId: number, id: number, input: AddressInput): Promise<Result<SavedAddress, AddressFailure>> {
    const fields = checkedFields(input, this.options.taxMode);
    if (!fields.ok) return fields;
    if (!(await repo.updateAddress(this.db, userId, id, fields.value))) return NOT_FOUND;
    return this.get(userId, id);
  }

  async remove(userId: number, id: number): Promise<Result<void, AddressFailure>> {
    return (await repo.deleteAddress(this.db, userId, id)) ? done : NOT_FOUND;
  }
}

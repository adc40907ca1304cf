import { badRequest, type FieldErrors, type HttpError } from "../../lib/errors.ts";

/** What the API answers when an address is refused or not found (addresses' routes and checkout's). */

export const ADDRESS_NOT_FOUND = "No Address matches the given query.";

/** The 400 of a refused address (check.ts's `AddressProblem`), in the API's error format (lib/errors.ts). */
export function addressError(problem: { field: string; message: string; fields: FieldErrors }): HttpError {
  return badRequest("address_invalid", `${problem.field}: ${problem.message}`, problem.fields);
}

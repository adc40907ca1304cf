import { errorText, type FieldErrors, fieldErrors } from "./api-error.ts";

/**
 * A failed save: the per-field messages (shown under the fields), and what went wrong in a red
 * alert unless the messages of a field of the form already say it; both in friendly words
 * (api-error.ts).
 */
export function saveErrors(error: unknown, formFields: readonly string[]): { fields: FieldErrors; detail: string | null } {
  if (!error) return { fields: {}, detail: null };
  const fields = fieldErrors(error);
  const onFields = formFields.some((field) => fields[field]);
  return { fields, detail: onFields ? null : errorText(error, "detail") };
}

import { errorText, type FieldErrors, fieldErrors } from "./api-error.ts";

/**
 * A failed save: the per-field messages (shown under the fields), and what went wrong in a red
 * alert unless the messages of a field of the form (or of one inside it: "stages.0.slug" is the
 * stages') already say it; both in friendly words (api-error.ts).
 */
export function saveErrors(error: unknown, formFields: readonly string[]): { fields: FieldErrors; detail: string | null } {
  if (!error) return { fields: {}, detail: null };
  const fields = fieldErrors(error);
  const onFields = formFields.some((field) => problemsOf(fields, field));
  return { fields, detail: onFields ? null : errorText(error, "detail") };
}

/** A field's problems, and those the server named inside it ("tiers.0.amount" is the tiers'). */
export function problemsOf(fields: FieldErrors, name: string): string[] | undefined {
  const found = Object.entries(fields)
    .filter(([field]) => field === name || field.startsWith(`${name}.`))
    .flatMap(([, messages]) => messages ?? []);
  return found.length > 0 ? [...new Set(found)] : undefined;
}

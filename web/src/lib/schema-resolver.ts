import type { FieldError, FieldErrors, FieldValues, Resolver } from "react-hook-form";
import type { TSchema } from "typebox";
import { Errors } from "typebox/schema";

/** A field the contract's schema refused, and the schema keyword that refused it. */
export interface SchemaProblem {
  /** The field as the form names it ("postalCode"). */
  field: string;
  /** "required", "minLength", "pattern" … */
  keyword: string;
  /** The keyword's own values ({ pattern: "…" }, { limit: 1 }). */
  params: Record<string, unknown>;
}

/**
 * The problems of a value by the schema, one list per top-level field. Checked by TypeBox's
 * interpreter rather than its compiler: the shop's Content-Security-Policy forbids the code
 * generation the compiler uses, and the interpreter is less than half its size.
 */
export function schemaProblems(schema: TSchema, value: unknown): SchemaProblem[] {
  const [, errors] = Errors(schema, value);
  return errors.flatMap((error): SchemaProblem[] => {
    const params = error.params as Record<string, unknown>;
    const field = error.instancePath.split("/")[1] ?? "";
    // One "required" of the object names every missing property: each is a field's problem.
    if (error.keyword === "required") {
      const missing = (params.requiredProperties as string[] | undefined) ?? [];
      return missing.map((name) => ({ field: name, keyword: "required", params }));
    }
    return [{ field, keyword: error.keyword, params }];
  });
}

interface SchemaResolverOptions<Fields, Context, Cleaned> {
  /** The values the schema checks and the form submits (trimmed, normalised). */
  clean: (fields: Fields) => Cleaned;
  /** The schema for these values (rules may depend on them, or on the form's context). */
  schema: (cleaned: Cleaned, context: Context) => TSchema;
  /** A problem in the shop's words: the message id shown under the field. */
  message: (problem: SchemaProblem) => string;
}

/**
 * A react-hook-form resolver for a form of flat text fields, validated with one of the contract's
 * schemas: the form submits the cleaned values; a refused field shows its first problem.
 */
export function schemaResolver<Fields extends FieldValues, Context, Cleaned extends FieldValues>({
  clean,
  schema,
  message,
}: SchemaResolverOptions<Fields, Context, Cleaned>): Resolver<Fields, Context, Cleaned> {
  return (fields, context) => {
    const cleaned = clean(fields);
    const errors: Record<string, FieldError> = {};
    for (const problem of schemaProblems(schema(cleaned, context as Context), cleaned)) {
      errors[problem.field] ??= { type: problem.keyword, message: message(problem) };
    }
    if (Object.keys(errors).length === 0) return { values: cleaned, errors: {} };
    return { values: {}, errors: errors as FieldErrors<Fields> };
  };
}

import fc from "fast-check";
import { type FilePart, MULTIPART_FLAWS, type MultipartBody } from "./multipart.ts";

/**
 * fast-check arbitraries written from the JSON Schemas of the OpenAPI document, for the API's
 * property test: values that fit the schema (so a request reaches the code behind validation) mixed
 * with values that do not — wrong types, strings of unicode and control characters and NUL bytes,
 * numbers of every kind, huge values, fields missing or extra.
 */

export interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  pattern?: string;
  format?: string;
  $ref?: string;
  [keyword: string]: unknown;
}

/** Text that a server must cope with: control characters, NUL, astral planes, lone surrogates, RTL marks, SQL and path tricks. */
const nasty = fc.constantFrom(
  "\u0000",
  "a\u0000b",
  "\u0007\u001b[31m",
  "\r\n",
  "\t",
  "\u0085",
  "\u200b\u200e\u202e",
  "\ud83c\udf3e",
  "\ud800",
  "नीम तेल",
  "'; drop table products; --",
  "%00",
  "../../etc/passwd",
  "<script>alert(1)</script>",
  "{{7*7}}",
  " ",
  "",
  "null",
  "0",
  "-1",
  "1e309",
  "NaN",
  "[]",
  "{}",
);

/** Any string at all, of any length (a long one past every limit too). */
export const anyString: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: fc.string({ unit: "binary", maxLength: 40 }), weight: 3 },
  { arbitrary: fc.string({ unit: "grapheme", maxLength: 40 }), weight: 2 },
  { arbitrary: nasty, weight: 3 },
  { arbitrary: fc.tuple(nasty, fc.string({ maxLength: 10 })).map(([a, b]) => a + b), weight: 1 },
  { arbitrary: fc.integer({ min: 1, max: 20_000 }).map((n) => "x".repeat(n)), weight: 1 },
);

/** Numbers of every kind (JSON can carry all but NaN and the infinities, which JSON.stringify turns into null). */
export const anyNumber: fc.Arbitrary<number> = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.constantFrom(0, -0, -1, 1, 0.5, 2 ** 31, 2 ** 31 - 1, -(2 ** 31), 2 ** 53, 2 ** 53 + 2, 1e21, 1e308, -1e308, Number.MIN_VALUE, 1e-7),
);

/** A value of any JSON type. */
export const anyJson: fc.Arbitrary<unknown> = fc.oneof(
  anyString,
  anyNumber,
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.oneof(anyString, anyNumber), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.oneof(anyString, anyNumber), { maxKeys: 3 }),
);

/** Hints for strings the schema cannot say how to fill (a PIN code, a name that exists). */
export type Hints = Record<string, fc.Arbitrary<unknown>>;

function validString(schema: JsonSchema): fc.Arbitrary<string> {
  const min = schema.minLength ?? 0;
  const max = Math.max(min, Math.min(schema.maxLength ?? 60, 60));
  if (schema.format === "email")
    return fc.oneof(
      fc.emailAddress().filter((email) => email.length <= (schema.maxLength ?? 254)),
      fc.constant("farmer@example.in"),
    );
  if (schema.format === "date")
    return fc.date({ noInvalidDate: true, min: new Date(2000, 0, 1), max: new Date(2100, 0, 1) }).map((d) => d.toISOString().slice(0, 10));
  if (schema.format === "date-time") return fc.date({ noInvalidDate: true }).map((d) => d.toISOString());
  if (schema.pattern && !schema.pattern.startsWith("^[^"))
    return fc.stringMatching(new RegExp(schema.pattern)).filter((s) => s.length >= min && s.length <= (schema.maxLength ?? Infinity));
  // Printable text, Hindi too (the patterns of free text only refuse control characters).
  return fc
    .string({ unit: fc.constantFrom(..."abcdefghijklmnopqrstuvwxyz ABCXYZ0123456789-.,#/नीमतेलबीज"), minLength: min, maxLength: max })
    .filter((s) => s.length >= min);
}

function validInteger(schema: JsonSchema): fc.Arbitrary<number> {
  const min = Math.max(schema.minimum ?? -1_000_000, -Number.MAX_SAFE_INTEGER);
  const max = Math.min(schema.maximum ?? 1_000_000, Number.MAX_SAFE_INTEGER);
  return fc.oneof(fc.integer({ min, max }), fc.constantFrom(min, max), fc.integer({ min, max: Math.min(max, min + 10) }));
}

/** A value the schema accepts (as far as the schema can say), or a near miss at its edges. */
export function validFor(schema: JsonSchema, hints: Hints = {}, name = "", depth = 0): fc.Arbitrary<unknown> {
  if (name && hints[name]) return hints[name];
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const union = schema.anyOf ?? schema.oneOf;
  if (union) return fc.oneof(...union.map((option) => validFor(option, hints, name, depth)));
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case "string":
      return validString(schema);
    case "integer":
      return validInteger(schema);
    case "number":
      return fc.double({ min: schema.minimum ?? -1e6, max: schema.maximum ?? 1e6, noNaN: true, noDefaultInfinity: true });
    case "boolean":
      return fc.boolean();
    case "null":
      return fc.constant(null);
    case "array": {
      if (depth > 4) return fc.constant([]);
      const max = Math.min(schema.maxItems ?? 4, 4);
      return fc.array(validFor(schema.items ?? {}, hints, name, depth + 1), {
        minLength: Math.min(schema.minItems ?? 0, max),
        maxLength: max,
      });
    }
    case "object":
    case undefined: {
      if (!schema.properties) return type === "object" ? fc.constant({}) : anyJson;
      const required = new Set(schema.required ?? []);
      const keys = Object.keys(schema.properties);
      return fc.record(Object.fromEntries(keys.map((key) => [key, validFor(schema.properties?.[key] ?? {}, hints, key, depth + 1)])), {
        requiredKeys: keys.filter((key) => required.has(key)),
      });
    }
    default:
      return anyJson;
  }
}

/** A value the schema should refuse: of another type, past a limit, with a field missing or one of them wrong. */
export function invalidFor(schema: JsonSchema, hints: Hints = {}, depth = 0): fc.Arbitrary<unknown> {
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  const options: fc.Arbitrary<unknown>[] = [anyJson];
  if (type === "string") {
    options.push(anyString, fc.constant("x".repeat((schema.maxLength ?? 10_000) + 1)));
  } else if (type === "integer" || type === "number") {
    options.push(anyNumber, fc.constantFrom((schema.minimum ?? 0) - 1, (schema.maximum ?? 2 ** 53) + 1, 1.5), fc.integer().map(String));
  } else if (type === "array" && depth < 4) {
    options.push(
      fc.array(invalidFor(schema.items ?? {}, hints, depth + 1), { minLength: 1, maxLength: 3 }),
      fc.constant(Array.from({ length: (schema.maxItems ?? 100) + 1 }, () => 1)),
    );
  } else if (schema.properties && depth < 4) {
    const keys = Object.keys(schema.properties);
    const valid = validFor(schema, hints, "", depth) as fc.Arbitrary<Record<string, unknown>>;
    options.push(
      // One field of another kind.
      fc
        .tuple(valid, fc.constantFrom(...keys))
        .chain(([value, key]) => invalidFor(schema.properties?.[key] ?? {}, hints, depth + 1).map((wrong) => ({ ...value, [key]: wrong }))),
      // A field left out.
      fc.tuple(valid, fc.constantFrom(...keys)).map(([value, key]) => {
        const { [key]: _dropped, ...rest } = value;
        return rest;
      }),
      // Fields nobody asked for.
      fc
        .tuple(valid, fc.dictionary(fc.string({ maxLength: 10 }), anyJson, { minKeys: 1, maxKeys: 3 }))
        .map(([value, extra]) => ({ ...extra, ...value })),
    );
  }
  return fc.oneof(...options);
}

/** Mostly valid values (deep code), often invalid ones (the guards). */
export function valueFor(schema: JsonSchema, hints: Hints = {}, name = ""): fc.Arbitrary<unknown> {
  return fc.oneof({ arbitrary: validFor(schema, hints, name), weight: 3 }, { arbitrary: invalidFor(schema, hints), weight: 2 });
}

/** A value as a form field's text: text as it is, anything else as JSON (as a return's `lines` are sent). */
const fieldText = (value: unknown): string => (typeof value === "string" ? value : (JSON.stringify(value) ?? "null"));

/**
 * A multipart/form-data body of an operation's fields (each value of the schema's as text, JSON for
 * lists and objects), files now and then (`files`: their field names and contents), well-formed or
 * broken in one of MULTIPART_FLAWS' ways.
 */
export function multipartFor(
  schema: JsonSchema,
  hints: Hints,
  files: { fields: readonly string[]; data: fc.Arbitrary<Uint8Array> },
): fc.Arbitrary<MultipartBody> {
  const fields = valueFor(schema, hints).map((value): [string, string][] =>
    typeof value === "object" && value !== null && !Array.isArray(value)
      ? Object.entries(value).map(([name, field]) => [name, fieldText(field)])
      : [["value", fieldText(value)]],
  );
  const file = fc.record({
    field: fc.constantFrom(...files.fields, "file"),
    filename: fc.constantFrom("bag.png", "bag.jpg", "../../etc/passwd", ""),
    contentType: fc.constantFrom("image/png", "image/jpeg", "text/plain", "application/octet-stream"),
    data: files.data.map((bytes) => Buffer.from(bytes)),
  });
  return fc.record({
    fields,
    files: fc.oneof(
      { arbitrary: fc.constant<FilePart[]>([]), weight: 2 },
      { arbitrary: fc.array(file, { minLength: 1, maxLength: 4 }), weight: 1 },
    ),
    flaw: fc.oneof({ arbitrary: fc.constant(null), weight: 3 }, { arbitrary: fc.constantFrom(...MULTIPART_FLAWS), weight: 2 }),
  });
}

import { Type } from "typebox";
import { ERROR_CODES, FIELD_ERROR_CODES } from "../errors.ts";

/** Shapes shared by several parts of the API. */

/** A database id in a path: a positive 32-bit integer (larger values are a 400, not a 500). */
export const Id = Type.Integer({ minimum: 1, maximum: 2_147_483_647 });
export const IdParams = Type.Object({ id: Id });

/** What failed, for a client to act on (contract/src/errors.ts). */
export const ErrorCodeSchema = Type.Enum(ERROR_CODES, { description: "What failed: a client decides by this, never by the text" });

/** The API's one error body, for OpenAPI and for serialization of error answers. */
export const ErrorBody = Type.Object(
  {
    detail: Type.String(),
    message: Type.String(),
    code: ErrorCodeSchema,
    /** The values the message of the code needs (a product's name, a count, a PIN). */
    params: Type.Optional(Type.Record(Type.String(), Type.Union([Type.String(), Type.Number()]))),
    non_field_errors: Type.Optional(Type.Array(Type.String())),
    /** Each refused field's problems as codes (FIELD_ERROR_CODES), in the order of its messages. */
    field_errors: Type.Optional(
      Type.Record(
        Type.String(),
        Type.Array(
          Type.Object({
            code: Type.Enum(FIELD_ERROR_CODES),
            params: Type.Optional(Type.Record(Type.String(), Type.Union([Type.String(), Type.Number()]))),
          }),
        ),
      ),
    ),
  },
  { additionalProperties: Type.Array(Type.String(), { description: "The messages of a field" }) },
);

export const DetailSchema = Type.Object({ detail: Type.String() });

/**
 * Text a client sends: no control characters (C0, DEL, C1 — NUL above all, which PostgreSQL cannot
 * store and SQLite would), so both databases keep the same texts. Long texts (descriptions,
 * comments, reasons, addresses) may have line breaks and tabs.
 */
export const SINGLE_LINE_PATTERN = "^[^\\u0000-\\u001F\\u007F-\\u009F]*$";
export const MULTI_LINE_PATTERN = "^[^\\u0000-\\u0008\\u000B\\u000C\\u000E-\\u001F\\u007F-\\u009F]*$";
/** Every control character (Unicode Cc: C0, DEL, C1), for texts that are cleaned rather than refused (a search keyword). */
export const CONTROL_CHARACTERS = /\p{Cc}/gu;
type StringOptions = Parameters<typeof Type.String>[0];
export const Text = (options: StringOptions = {}) => Type.String({ ...options, pattern: SINGLE_LINE_PATTERN });
export const LongText = (options: StringOptions = {}) => Type.String({ ...options, pattern: MULTI_LINE_PATTERN });

/** Money as the API writes it: a decimal string with two places. */
export const Money = Type.String({ pattern: "^-?\\d+\\.\\d{2}$", examples: ["1249.50"] });
export const IsoDate = Type.String({ format: "date-time" });

/** A rupee amount as the client may send it: a number or a decimal string with two places at most. */
export const AmountInput = Type.Union([Type.Number({ minimum: 0, maximum: 1e11 }), Type.String({ pattern: "^\\d{1,11}(\\.\\d{1,2})?$" })]);

export const PageQuery = Type.Object({
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000, default: 1 })),
  page_size: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
});

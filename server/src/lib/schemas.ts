import { Type } from "typebox";

/** Schemas shared by several modules. */

/** A database id in a path: a positive 32-bit integer (larger values are a 400, not a 500). */
export const IdParams = Type.Object({ id: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }) });

/** The error body of DESIGN §5, for OpenAPI and for serialization of error answers. */
export const ErrorBody = Type.Object(
  {
    detail: Type.String(),
    message: Type.String(),
    /** A machine-readable code (Simple JWT's "token_not_valid"), or the messages of a field named code. */
    code: Type.Optional(Type.Union([Type.String(), Type.Array(Type.String())])),
  },
  { additionalProperties: Type.Array(Type.String()) },
);

export const Money = Type.String({ pattern: "^-?\\d+\\.\\d{2}$", examples: ["1249.50"] });
export const IsoDate = Type.String({ format: "date-time" });

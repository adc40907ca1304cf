import AjvCompiler from "@fastify/ajv-compiler";
import multipart from "@fastify/multipart";
import type { FastifyInstance, FastifyRequest } from "fastify";

/** Ajv's options for every request part; `coerceTypes` is decided per part below. */
const AJV_OPTIONS = { removeAdditional: true, allErrors: true, allowUnionTypes: true } as const;

/** Bodies that came as text fields (a form or multipart), whose values may be converted. */
const formBodies = new WeakSet<object>();

/** Marks a request's body as form fields: its strings may become the numbers the schema asks for. */
export async function acceptFormFields(request: FastifyRequest): Promise<void> {
  const isJson = /^application\/(.+\+)?json\b/i.test(request.headers["content-type"] ?? "");
  if (!isJson && typeof request.body === "object" && request.body !== null) formBodies.add(request.body);
}

/**
 * Lets a plugin's routes take their fields as a form too (urlencoded, or multipart as a browser's
 * FormData sends it — fields only, no files), converted to the schema's types: the spec's client
 * posts some of them that way.
 */
export async function acceptForms(app: FastifyInstance): Promise<void> {
  app.addContentTypeParser("application/x-www-form-urlencoded", { parseAs: "string" }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });
  await app.register(multipart, { attachFieldsToBody: "keyValues", limits: { files: 0, fields: 10, fieldSize: 1_000 } });
  // After multipart's own hook has made the body: form fields are text, converted to the schema's types.
  app.addHook("preValidation", acceptFormFields);
}

type Factory = AjvCompiler.ValidatorFactory;
type Validate = ReturnType<ReturnType<Factory>>;

/**
 * Where converted data holds a number that is not finite: Ajv turns text of 309 digits or more into
 * Infinity and lets it past `maximum`. As Ajv's own "type" failure, so it answers like any
 * other text that is not a number.
 */
interface TypeFailure {
  keyword: "type";
  instancePath: string;
  schemaPath: string;
  params: { type: string };
  message: string;
}

function infinite(data: unknown, path = ""): TypeFailure | undefined {
  if (typeof data === "number" && !Number.isFinite(data)) {
    return { keyword: "type", instancePath: path, schemaPath: "#/type", params: { type: "integer" }, message: "must be a finite number" };
  }
  if (typeof data !== "object" || data === null) return undefined;
  for (const [key, value] of Object.entries(data)) {
    const found = infinite(value, `${path}/${key}`);
    if (found) return found;
  }
  return undefined;
}

/** A converting validator that also refuses the Infinity its conversion can make. */
function finite(validate: Validate): Validate {
  const checked = (data: unknown) => {
    const valid = validate(data);
    const failure = valid ? infinite(data) : undefined;
    checked.errors = failure ? [failure] : validate.errors;
    return valid && !failure;
  };
  checked.errors = validate.errors;
  return checked as unknown as Validate;
}

/**
 * Fastify's validator factory with two Ajv instances: query strings, path parameters, headers and
 * form fields are text, so their values are converted to the schema's types ("3" → 3); a JSON body
 * already has types and is taken as sent: `"price": true` or `"rating": "5"` is a 400, not ₹1.00 or
 * a 5-star review.
 */
export const buildValidator: Factory = (externalSchemas, options) => {
  const pool = AjvCompiler();
  const plugins = options?.plugins ?? [];
  const converting = pool(externalSchemas, { plugins, customOptions: { ...AJV_OPTIONS, coerceTypes: true } });
  const exact = pool(externalSchemas, { plugins, customOptions: { ...AJV_OPTIONS, coerceTypes: false } });
  const compile = (route: AjvCompiler.RouteDefinition) => {
    if (route.httpPart !== "body") return finite(converting(route));
    const asSent: Validate = exact(route);
    const asFields: Validate = finite(converting(route));
    const validate = (data: unknown) => {
      const chosen = typeof data === "object" && data !== null && formBodies.has(data) ? asFields : asSent;
      const valid = chosen(data);
      validate.errors = chosen.errors;
      return valid;
    };
    validate.errors = asSent.errors;
    // Fastify calls it with the data and reads `errors` after a failure: Ajv's other members go unused.
    return validate as unknown as Validate;
  };
  return compile;
};

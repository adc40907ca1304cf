import AjvCompiler from "@fastify/ajv-compiler";
import multipart from "@fastify/multipart";
import type { FastifyInstance, FastifyRequest, FastifySchema } from "fastify";
import { badRequest, HttpError } from "./errors.ts";
import { readParts } from "./multipart.ts";

/** Ajv's options for every request part; `coerceTypes` is decided per part below. */
const AJV_OPTIONS = { removeAdditional: true, allErrors: true, allowUnionTypes: true } as const;

/** Bodies that came as text fields (a form or multipart), whose values may be converted. */
const formBodies = new WeakSet<object>();

/** Marks a request's body as form fields: its strings may become the numbers the schema asks for. */
export async function acceptFormFields(request: FastifyRequest): Promise<void> {
  const isJson = /^application\/(.+\+)?json\b/i.test(request.headers["content-type"] ?? "");
  if (!isJson && typeof request.body === "object" && request.body !== null) formBodies.add(request.body);
}

/** The body types of a route that takes its fields as a form too. */
const FORM_TYPES = ["application/json", "application/x-www-form-urlencoded", "multipart/form-data"];

/**
 * Lets a plugin's routes take their fields as a form too (urlencoded, or multipart as a browser's
 * FormData sends it — fields only, no files), converted to the schema's types: the spec's client
 * posts some of them that way. Each of the plugin's routes with a body that declares no `consumes`
 * of its own takes FORM_TYPES (and the document says so); keep JSON-only routes out of the plugin.
 */
export async function acceptForms(app: FastifyInstance): Promise<void> {
  app.addContentTypeParser("application/x-www-form-urlencoded", { parseAs: "string" }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });
  await app.register(multipart, { limits: { files: 0, fields: 10, fieldSize: 1_000 } });
  app.addHook("onRoute", (route) => {
    if (route.schema?.body && !route.schema.consumes) route.schema = { ...route.schema, consumes: FORM_TYPES };
  });
  app.addHook("preValidation", readFormFields);
  // Once the body is made: form fields are text, converted to the schema's types.
  app.addHook("preValidation", acceptFormFields);
}

const NO_FILES = "Send the fields alone: this form takes no files.";

/** A multipart form's fields as the body (a name sent twice: a list), read before validation; its errors are 400s. */
async function readFormFields(request: FastifyRequest): Promise<void> {
  if (!request.isMultipart()) return;
  const body: Record<string, unknown> = {};
  await readParts(
    request,
    (part) => {
      if (part.type === "file") {
        part.file.resume();
        return;
      }
      const known = body[part.fieldname];
      body[part.fieldname] = known === undefined ? part.value : Array.isArray(known) ? [...known, part.value] : [known, part.value];
    },
    (code) => (code === "FST_FILES_LIMIT" ? badRequest("field_invalid", NO_FILES) : undefined),
  );
  request.body = body;
}

/**
 * The body types a route takes: those its schema declares (`consumes`), else JSON when it has a
 * body schema; null for a route that reads no body (whatever its plugin parses is not checked).
 */
function bodyTypes(schema: FastifySchema | undefined): readonly string[] | null {
  const declared = (schema as { consumes?: readonly string[] } | undefined)?.consumes;
  if (declared) return declared;
  return schema?.body ? ["application/json"] : null;
}

/**
 * A body of a type its route does not declare is refused with 415 (media_type_unsupported) before
 * it is parsed or read: a JSON-only route does not read a form, a multipart body or text because
 * its plugin (or Fastify) has a parser for them. Runs after the onRequest hooks: the token first.
 */
export function refuseUndeclaredBodies(app: FastifyInstance): void {
  app.addHook("preParsing", async (request, _reply, payload) => {
    const length = request.headers["content-length"];
    const hasBody = request.headers["transfer-encoding"] !== undefined || (length !== undefined && length !== "0");
    if (!hasBody) return payload;
    const types = bodyTypes(request.routeOptions.schema);
    const type = (request.headers["content-type"] ?? "").split(";")[0]?.trim().toLowerCase() ?? "";
    if (types && !types.includes(type)) {
      throw new HttpError(415, "media_type_unsupported", `Unsupported media type in request: send ${types.join(" or ")}.`);
    }
    return payload;
  });
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

import { randomUUID } from "node:crypto";
import type { IncomingMessage } from "node:http";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { LoggerOptions } from "pino";
import pretty from "pino-pretty";
import type { Config } from "../config.ts";

/**
 * The server's log: pino, JSON lines in production (journald and log shippers read them) and
 * readable lines for a person in development (LOG_FORMAT, config.ts). Every line of a request
 * carries its id as `reqId`, so one request's lines can be found among many processes' lines.
 */

/** The header that carries a request's id in and out (the reverse proxy's, when it sets one). */
export const REQUEST_ID_HEADER = "x-request-id";

/** An id from outside is kept only if it is short and plain: it lands in every log line. */
const SANE_ID = /^[A-Za-z0-9._-]{1,64}$/;

/** The id of a request: the caller's (a proxy's or load balancer's) when sane, else a new UUID. */
export function requestId(req: IncomingMessage): string {
  const given = req.headers[REQUEST_ID_HEADER];
  return typeof given === "string" && SANE_ID.test(given) ? given : randomUUID();
}

/**
 * The Fastify options that name requests: Fastify's own header lookup (requestIdHeader) is off
 * because it takes any value; requestId() reads the header and checks it. The log label stays
 * Fastify's default, reqId (its top-level requestIdLogLabel option is deprecated).
 */
export const requestIdOptions = {
  genReqId: requestId,
  requestIdHeader: false,
} as const;

/** onRequest hook: every answer — errors and 404s too — names its request. */
export async function echoRequestId(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  reply.header(REQUEST_ID_HEADER, request.id);
}

/**
 * The pino options of the app's logger. `destination` replaces standard output (tests read the
 * lines from a stream). Pretty printing runs in this process, not in a worker thread: development
 * logs little, and the bundled server needs no transport file to resolve.
 */
export function loggerOptions(
  config: Pick<Config, "logLevel" | "logFormat">,
  destination?: NodeJS.WritableStream,
): LoggerOptions & { stream?: NodeJS.WritableStream } {
  const options: LoggerOptions = {
    level: config.logLevel,
    redact: ["req.headers.authorization", "req.headers.cookie"],
  };
  if (config.logFormat === "pretty") {
    const stream = pretty({
      colorize: destination === undefined && Boolean(process.stdout.isTTY),
      translateTime: "SYS:HH:MM:ss.l",
      // One line an entry, the request's id before the message: "[10:15:02.114] INFO: [9f1c…] request completed {…}".
      singleLine: true,
      messageFormat: "{if reqId}[{reqId}] {end}{msg}",
      ignore: "pid,hostname,reqId",
      destination: destination ?? 1,
      sync: true,
    });
    return { ...options, stream };
  }
  return destination ? { ...options, stream: destination } : options;
}

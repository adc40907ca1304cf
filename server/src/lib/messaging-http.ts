/**
 * What the text-message providers (MSG91, WhatsApp Cloud API) share: one JSON POST with a time-out,
 * the error the queue sees when a message did not go, and the number as the providers write it.
 */

/** A message that did not go (the queue retries it); `status` is the provider's HTTP answer, when there was one. */
export class MessageSendError extends Error {
  constructor(
    readonly provider: string,
    detail: string,
    readonly status?: number,
  ) {
    super(`${provider} ${detail}`);
    this.name = "MessageSendError";
  }
}

/** "+919876543210" → "919876543210": both providers take the E.164 number without its plus. */
export function e164Digits(provider: string, to: string): string {
  if (!/^\+[1-9]\d{6,14}$/.test(to)) throw new MessageSendError(provider, `cannot send to "${to}" (not an E.164 number)`);
  return to.slice(1);
}

export interface ProviderAnswer {
  status: number;
  ok: boolean;
  /** The JSON object answered ({} for an empty body). */
  body: Record<string, unknown>;
}

export interface PostOptions {
  headers: Record<string, string>;
  timeoutMs: number;
  fetch: typeof fetch;
}

/** POSTs `payload` as JSON; a time-out, an unreachable host or a body that is not JSON throws. */
export async function postJson(provider: string, url: string, payload: unknown, options: PostOptions): Promise<ProviderAnswer> {
  let response: Response;
  try {
    response = await options.fetch(url, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json", ...options.headers },
      body: JSON.stringify(payload),
      signal: AbortSignal.timeout(options.timeoutMs),
    });
  } catch (error) {
    const timedOut = error instanceof DOMException && (error.name === "TimeoutError" || error.name === "AbortError");
    throw new MessageSendError(provider, timedOut ? `did not answer within ${options.timeoutMs} ms` : "could not be reached");
  }
  const text = await response.text();
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : {};
  } catch {
    body = null;
  }
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    throw new MessageSendError(provider, `answered ${response.status} with a body that is not a JSON object`, response.status);
  }
  return { status: response.status, ok: response.ok, body: body as Record<string, unknown> };
}

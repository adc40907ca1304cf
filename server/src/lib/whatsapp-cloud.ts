import type { MessageChannel, Messenger, TextMessage, WhatsAppSettings } from "../text-message.ts";
import { e164Digits, MessageSendError, postJson } from "./messaging-http.ts";

export interface WhatsAppOptions extends WhatsAppSettings {
  timeoutMs?: number;
  fetch?: typeof fetch;
}

const PROVIDER = "WhatsApp Cloud API";

interface MetaError {
  message?: unknown;
  code?: unknown;
}

/**
 * WhatsApp through Meta's Cloud API. Outside a conversation the shop may send only approved
 * templates: the message's kind names the template, its language the translation, its params fill
 * the body. The sign-in code's template is an AUTHENTICATION one, whose copy-code button takes the
 * code again as its own parameter.
 */
export class WhatsAppCloud implements Messenger {
  readonly channels: readonly MessageChannel[] = ["whatsapp"];
  readonly #settings: WhatsAppSettings;
  readonly #url: string;
  readonly #timeoutMs: number;
  readonly #fetch: typeof fetch;

  constructor(options: WhatsAppOptions) {
    this.#settings = options;
    const base = options.apiBase.replace(/\/+$/, "");
    this.#url = `${base}/${options.version}/${encodeURIComponent(options.phoneNumberId)}/messages`;
    this.#timeoutMs = options.timeoutMs ?? 10_000;
    this.#fetch = options.fetch ?? fetch;
  }

  async send(message: TextMessage): Promise<void> {
    const texts = message.params.map((text) => ({ type: "text", text }));
    const components: object[] = texts.length > 0 ? [{ type: "body", parameters: texts }] : [];
    if (message.kind === "otp") {
      components.push({ type: "button", sub_type: "url", index: "0", parameters: [{ type: "text", text: message.params[0] ?? "" }] });
    }
    const payload = {
      messaging_product: "whatsapp",
      to: e164Digits(PROVIDER, message.to),
      type: "template",
      template: { name: this.#settings.templates[message.kind], language: { code: message.language }, components },
    };
    const answer = await postJson(PROVIDER, this.#url, payload, {
      headers: { Authorization: `Bearer ${this.#settings.token}` },
      timeoutMs: this.#timeoutMs,
      fetch: this.#fetch,
    });
    if (!answer.ok) {
      const error = (answer.body.error ?? {}) as MetaError;
      const detail = typeof error.message === "string" ? error.message : "no error message";
      const code = typeof error.code === "number" || typeof error.code === "string" ? ` (code ${error.code})` : "";
      throw new MessageSendError(PROVIDER, `answered ${answer.status}: ${detail}${code}`, answer.status);
    }
  }

  async close(): Promise<void> {}
}

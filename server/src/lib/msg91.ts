import type { MessageChannel, Messenger, Msg91Settings, TextMessage } from "../text-message.ts";
import { e164Digits, MessageSendError, postJson } from "./messaging-http.ts";

export interface Msg91Options extends Msg91Settings {
  timeoutMs?: number;
  fetch?: typeof fetch;
}

const PROVIDER = "MSG91";

/**
 * SMS through MSG91's Flow API: the message's template (by kind and language) and sender, its
 * params as the template's var1..varN. MSG91 may answer 200 with `type: "error"`, so the body is
 * read as well as the status.
 */
export class Msg91Sms implements Messenger {
  readonly channels: readonly MessageChannel[] = ["sms"];
  readonly #settings: Msg91Settings;
  readonly #url: string;
  readonly #timeoutMs: number;
  readonly #fetch: typeof fetch;

  constructor(options: Msg91Options) {
    this.#settings = options;
    this.#url = `${options.apiBase.replace(/\/+$/, "")}/api/v5/flow/`;
    this.#timeoutMs = options.timeoutMs ?? 10_000;
    this.#fetch = options.fetch ?? fetch;
  }

  async send(message: TextMessage): Promise<void> {
    const recipient: Record<string, string> = { mobiles: e164Digits(PROVIDER, message.to) };
    message.params.forEach((value, index) => {
      recipient[`var${index + 1}`] = value;
    });
    const payload = {
      template_id: this.#settings.templates[message.kind][message.language],
      sender: this.#settings.senderId,
      short_url: "0",
      recipients: [recipient],
    };
    const answer = await postJson(PROVIDER, this.#url, payload, {
      headers: { authkey: this.#settings.authKey },
      timeoutMs: this.#timeoutMs,
      fetch: this.#fetch,
    });
    if (!answer.ok || answer.body.type === "error") {
      const detail = typeof answer.body.message === "string" ? answer.body.message : "no message";
      throw new MessageSendError(PROVIDER, `answered ${answer.status}: ${detail}`, answer.status);
    }
  }

  async close(): Promise<void> {}
}

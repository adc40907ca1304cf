import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import type { Language } from "@krishi/contract";
import type { FastifyBaseLogger } from "fastify";
import type { Config } from "../config.ts";
import { MESSAGE_CHANNELS, type MessageChannel, type MessageKind, type Messenger, type TextMessage } from "../text-message.ts";
import { type Clock, systemClock } from "./clock.ts";
import { outboxDir, writeOutboxFile } from "./mail.ts";
import { Msg91Sms } from "./msg91.ts";
import { WhatsAppCloud } from "./whatsapp-cloud.ts";

export {
  isMessageKind,
  MESSAGE_CHANNELS,
  MESSAGE_KINDS,
  type MessageChannel,
  type MessageKind,
  type Messenger,
  type TextMessage,
} from "../text-message.ts";
export { MessageSendError } from "./messaging-http.ts";

type Log = Pick<FastifyBaseLogger, "info">;

export type MessengerConfig = Pick<Config, "env" | "dataDir" | "messaging">;

/**
 * The messenger the settings call for: SMS by MSG91 and WhatsApp by the Cloud API where their
 * settings are given; a channel without a provider goes to the sandbox's files when
 * `messaging.toOutbox` (no provider at all, or MESSAGES_TO_OUTBOX=true), else it is not offered.
 */
export function createMessenger(config: MessengerConfig, log: Log, clock: Clock = systemClock): Messenger {
  const { msg91, whatsapp, toOutbox } = config.messaging;
  const sandbox = toOutbox ? new SandboxMessenger(config.dataDir, log, { logText: config.env === "development", clock }) : undefined;
  return new RoutedMessenger({
    sms: msg91 ? new Msg91Sms(msg91) : sandbox,
    whatsapp: whatsapp ? new WhatsAppCloud(whatsapp) : sandbox,
  });
}

/** Sends each message by the messenger of its channel; a channel without one is left out of `channels`. */
export class RoutedMessenger implements Messenger {
  readonly channels: readonly MessageChannel[];

  constructor(private readonly routes: Partial<Record<MessageChannel, Messenger>>) {
    this.channels = MESSAGE_CHANNELS.filter((channel) => routes[channel]);
  }

  async send(message: TextMessage): Promise<void> {
    const messenger = this.routes[message.channel];
    if (!messenger) throw new Error(`No ${message.channel} provider is configured`);
    await messenger.send(message);
  }

  async close(): Promise<void> {
    // One messenger may serve both channels (the sandbox); a channel may have none.
    const messengers = new Set(Object.values(this.routes).filter((messenger) => messenger !== undefined));
    await Promise.all([...messengers].map((messenger) => messenger.close()));
  }
}

/** A message as the sandbox writes it to DATA_DIR/outbox/<channel>/. */
export interface OutboxTextMessage {
  to: string;
  kind: MessageKind;
  language: Language;
  params: string[];
  text: string;
  sentAt: string;
}

export function textOutboxDir(dataDir: string, channel: MessageChannel): string {
  return path.join(outboxDir(dataDir), channel);
}

/**
 * The sandbox (development, the demo, tests): every message becomes a file of its own in
 * DATA_DIR/outbox/sms/ or …/whatsapp/, and is logged. The text carries sign-in codes, so it is
 * logged in development only, where a developer reads the code off the console.
 */
export class SandboxMessenger implements Messenger {
  readonly channels: readonly MessageChannel[] = MESSAGE_CHANNELS;

  constructor(
    private readonly dataDir: string,
    private readonly log: Log,
    private readonly options: { logText: boolean; clock?: Clock } = { logText: false },
  ) {}

  async send(message: TextMessage): Promise<void> {
    const { channel, to, kind, language, params, text } = message;
    const sentAt = (this.options.clock ?? systemClock)();
    const record: OutboxTextMessage = { to, kind, language, params, text, sentAt: sentAt.toISOString() };
    const file = await writeOutboxFile(textOutboxDir(this.dataDir, channel), sentAt, record);
    const logged = this.options.logText ? { text } : {};
    this.log.info({ channel, to, kind, ...logged, file }, "text message written to the outbox (no provider for its channel)");
  }

  async close(): Promise<void> {}
}

/** The sandbox's messages on one channel so far, oldest first by sentAt (tests and browser journeys read codes here). */
export async function readOutboxMessages(dataDir: string, channel: MessageChannel): Promise<OutboxTextMessage[]> {
  const dir = textOutboxDir(dataDir, channel);
  let names: string[];
  try {
    names = await readdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw error;
  }
  const files = names.filter((name) => name.endsWith(".json")).sort();
  return Promise.all(files.map(async (name) => JSON.parse(await readFile(path.join(dir, name), "utf8")) as OutboxTextMessage));
}

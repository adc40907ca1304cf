import type { Mailer, MailMessage } from "../lib/mail.ts";
import { MESSAGE_CHANNELS, type Messenger, type TextMessage } from "../lib/messenger.ts";

/** A mail server that keeps what it is sent (a local peer in place of SMTP). */
export class RecordingMailer implements Mailer {
  readonly sent: MailMessage[] = [];

  async send(message: MailMessage): Promise<void> {
    this.sent.push(message);
  }

  /** The mails to one address, oldest first. */
  to(address: string): MailMessage[] {
    return this.sent.filter((mail) => mail.to === address);
  }

  async close(): Promise<void> {}
}

/** A text-message provider that keeps what it is sent, on every channel. */
export class RecordingMessenger implements Messenger {
  readonly channels = MESSAGE_CHANNELS;
  readonly sent: TextMessage[] = [];

  async send(message: TextMessage): Promise<void> {
    this.sent.push(message);
  }

  /** The messages to one number (E.164), oldest first. */
  to(phone: string): TextMessage[] {
    return this.sent.filter((message) => message.to === phone);
  }

  /** The last sign-in code sent to a number. */
  lastCode(phone: string): string {
    const code = this.to(phone).at(-1)?.params[0];
    if (!code) throw new Error(`no code was sent to ${phone}`);
    return code;
  }

  async close(): Promise<void> {}
}

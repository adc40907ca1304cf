import type { MailMessage } from "../../lib/mail.ts";
import { compose, hello, SHOP } from "../../lib/mail-template.ts";

/** The accounts module's e-mails, plain text and HTML with the same content. */

export function verificationMail(to: string, name: string, url: string): MailMessage {
  return compose(
    to,
    `Confirm your e-mail address for ${SHOP}`,
    hello(name),
    [`Thank you for registering at ${SHOP}. Please confirm that ${to} is your e-mail address by opening this link:`],
    { label: "Confirm my e-mail address", url },
    "The link is valid for 3 days. If you did not register, you can ignore this e-mail.",
  );
}

export function passwordResetMail(to: string, name: string, url: string): MailMessage {
  return compose(
    to,
    `Reset your ${SHOP} password`,
    hello(name),
    [`Someone (hopefully you) asked to reset the password of the ${SHOP} account for ${to}. To choose a new password, open this link:`],
    { label: "Choose a new password", url },
    "The link works once and is valid for 3 days. If you did not ask for it, you can ignore this e-mail: your password stays as it is.",
  );
}

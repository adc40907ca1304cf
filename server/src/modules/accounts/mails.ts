import type { MailMessage } from "../../lib/mail.ts";

/** The accounts module's e-mails, plain text and HTML with the same content. */

const SHOP = "Krishi Bazaar";

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function compose(
  to: string,
  subject: string,
  greeting: string,
  lines: string[],
  action: { label: string; url: string },
  footer: string,
): MailMessage {
  const text = [greeting, "", ...lines, "", action.url, "", footer, "", `— ${SHOP}`].join("\n");
  const html = `<!doctype html>
<html lang="en"><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#222">
<p>${escapeHtml(greeting)}</p>
${lines.map((line) => `<p>${escapeHtml(line)}</p>`).join("\n")}
<p><a href="${escapeHtml(action.url)}" style="display:inline-block;padding:10px 18px;background:#2e7d32;color:#fff;text-decoration:none;border-radius:4px">${escapeHtml(action.label)}</a></p>
<p style="font-size:0.9em;color:#555">If the button does not work, copy this address into your browser:<br>${escapeHtml(action.url)}</p>
<p style="font-size:0.9em;color:#555">${escapeHtml(footer)}</p>
<p>— ${SHOP}</p>
</body></html>
`;
  return { to, subject, text, html };
}

const hello = (name: string) => (name ? `Namaste ${name},` : "Namaste,");

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

import type { MailMessage } from "./mail.ts";

/** The shop's e-mails: plain text and HTML with the same content, one look for all. */

export const SHOP = "Krishi Bazaar";

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export function compose(
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

export const hello = (name: string) => (name ? `Namaste ${name},` : "Namaste,");

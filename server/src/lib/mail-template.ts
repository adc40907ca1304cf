import type { Language } from "@krishi/contract";
import type { MailMessage } from "./mail.ts";

/**
 * The shop's e-mails: plain text and HTML with the same content, one look for all, in the
 * recipient's language (English or Hindi; each module writes its texts in both).
 */

export const SHOP = "Krishi Bazaar";

/** The few words of the frame around every mail. */
const FRAME: Record<Language, { copyLink: string; hello: string }> = {
  en: { copyLink: "If the button does not work, copy this address into your browser:", hello: "Namaste" },
  hi: { copyLink: "अगर बटन काम न करे, तो यह पता अपने ब्राउज़र में कॉपी करें:", hello: "नमस्ते" },
};

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
  language: Language,
): MailMessage {
  const text = [greeting, "", ...lines, "", action.url, "", footer, "", `— ${SHOP}`].join("\n");
  const html = `<!doctype html>
<html lang="${language}"><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#222">
<p>${escapeHtml(greeting)}</p>
${lines.map((line) => `<p>${escapeHtml(line)}</p>`).join("\n")}
<p><a href="${escapeHtml(action.url)}" style="display:inline-block;padding:10px 18px;background:#2e7d32;color:#fff;text-decoration:none;border-radius:4px">${escapeHtml(action.label)}</a></p>
<p style="font-size:0.9em;color:#555">${escapeHtml(FRAME[language].copyLink)}<br>${escapeHtml(action.url)}</p>
<p style="font-size:0.9em;color:#555">${escapeHtml(footer)}</p>
<p>— ${SHOP}</p>
</body></html>
`;
  return { to, subject, text, html };
}

export const hello = (name: string, language: Language) => {
  const word = FRAME[language].hello;
  return name ? `${word} ${name},` : `${word},`;
};

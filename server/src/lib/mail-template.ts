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

/** Text or an attribute value as HTML (the five characters that could end or open markup, as character references). */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export interface MailAction {
  label: string;
  url: string;
}

/** A mail with one button, or several (each its own link, in the text too). */
export function compose(
  to: string,
  subject: string,
  greeting: string,
  lines: string[],
  action: MailAction | MailAction[],
  footer: string,
  language: Language,
): MailMessage {
  const actions = Array.isArray(action) ? action : [action];
  const textActions = actions.length === 1 ? actions.map((a) => a.url) : actions.map((a) => `${a.label}: ${a.url}`);
  const text = [greeting, "", ...lines, "", ...textActions, "", footer, "", `— ${SHOP}`].join("\n");
  const buttons = actions
    .map(
      (a) =>
        `<a href="${escapeHtml(a.url)}" style="display:inline-block;padding:10px 18px;background:#2e7d32;color:#fff;text-decoration:none;border-radius:4px">${escapeHtml(a.label)}</a>`,
    )
    .join(" ");
  const html = `<!doctype html>
<html lang="${language}"><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#222">
<p>${escapeHtml(greeting)}</p>
${lines.map((line) => `<p>${escapeHtml(line)}</p>`).join("\n")}
<p>${buttons}</p>
<p style="font-size:0.9em;color:#555">${escapeHtml(FRAME[language].copyLink)}<br>${actions.map((a) => escapeHtml(a.url)).join("<br>")}</p>
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

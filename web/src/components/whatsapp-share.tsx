import { useGetConfigQuery } from "../base/config-api.ts";
import { t } from "../i18n/index.ts";

/** WhatsApp's share address: it opens the app (or WhatsApp Web) with `text` ready to send to a chat. */
export function whatsappShareUrl(text: string): string {
  return `https://wa.me/?text=${encodeURIComponent(text)}`;
}

/**
 * The shop's address of `path`, absolute: from the site address of /api/config, which the server's
 * render and the browser share (a server-rendered page's link must be the same in both); the page's
 * own origin only when the settings have none.
 */
export function useShopUrl(path: string): string {
  const siteUrl = useGetConfigQuery().data?.siteUrl || globalThis.location?.origin || "";
  return `${siteUrl.replace(/\/+$/, "")}${path}`;
}

/** "Share on WhatsApp": a link that opens WhatsApp in a new tab with `text`, a line per entry. */
export function WhatsAppShare({ lines, className = "" }: { lines: string[]; className?: string }) {
  return (
    <a
      className={`btn btn-outline-primary whatsapp-share ${className}`.trim()}
      href={whatsappShareUrl(lines.join("\n"))}
      target="_blank"
      rel="noopener"
    >
      {t("Share on WhatsApp")} <span className="visually-hidden">{t("(opens in a new tab)")}</span>
    </a>
  );
}

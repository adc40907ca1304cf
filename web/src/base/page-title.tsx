import { createContext, useContext } from "react";

/**
 * True while the server renders a page. The server writes the page's head itself (title, meta,
 * structured data); a `<title>` rendered by React there would land in the body.
 */
export const ServerRendering = createContext(false);

/** The document's title, "{text} | Krishi Bazaar"; on hydration React takes over the server's `<title>`. */
export function PageTitle({ text }: { text: string }) {
  const server = useContext(ServerRendering);
  return server ? null : <title>{pageTitle(text)}</title>;
}

export function pageTitle(text: string): string {
  return `${text} | Krishi Bazaar`;
}

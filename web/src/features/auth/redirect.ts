const BASE = "https://shop.invalid";

/**
 * Where ?redirect= may send someone after signing in: a path of this shop only. "shipping" means
 * /shipping (the cart's /login?redirect=shipping); "/product/5?x=1" stays as it is. Anything that
 * could leave the site (another host, a scheme, backslashes, //host after normalising) gives "/".
 */
export function safeRedirect(value: string | null | undefined): string {
  const text = value?.trim() ?? "";
  if (!text || text.includes("\\") || /^[a-z][a-z\d+.-]*:/i.test(text)) return "/";
  let url: URL;
  try {
    url = new URL(text.startsWith("/") ? text : `/${text}`, BASE);
  } catch {
    return "/";
  }
  if (url.origin !== BASE || url.pathname.startsWith("//")) return "/";
  return url.pathname + url.search + url.hash;
}

/** `?redirect={path}` for a link or a guard ("" without one); slashes stay readable. */
export function redirectQuery(path: string | null | undefined): string {
  return path ? `?redirect=${encodeURIComponent(path).replace(/%2F/gi, "/")}` : "";
}

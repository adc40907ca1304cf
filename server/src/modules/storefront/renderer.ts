import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { PageLanguage, PageRenderRequest, RenderPage } from "@krishi/contract";
import { escapeHtml } from "../../lib/mail-template.ts";
import { pageStyleOf } from "./page-style.ts";

/**
 * The web app's server entry (web/dist-ssr/entry-server.js, from `npm run build`) and the page
 * around it (web/dist/index.html): renders a public page into a whole HTML document.
 */
export interface PageRenderer {
  /** `address`: the page's own address, where the browser shows it at another (the answer to a form post). */
  render(request: PageRenderRequest, options?: { address?: string }): Promise<RenderedDocument>;
  /** The page for the browser to render itself (index.html as built). */
  readonly shell: string;
}

export interface RenderedDocument {
  html: string;
  /** The Content-Security-Policy source that allows the page's inlined stylesheet ('sha256-…'). */
  styleSource: string;
}

interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
}

/** The built web app's server entry beside its client build, or null when it was not built (the shell is served then). */
export async function loadPageRenderer(webDistDir: string): Promise<PageRenderer | null> {
  const entry = path.join(path.dirname(webDistDir), "dist-ssr", "entry-server.js");
  const indexFile = path.join(webDistDir, "index.html");
  const manifestFile = path.join(webDistDir, ".vite", "manifest.json");
  const publicCssFile = path.join(path.dirname(entry), "public-css.json");
  if (![entry, indexFile, manifestFile, publicCssFile].every((file) => existsSync(file))) return null;
  const { renderPage } = (await import(pathToFileURL(entry).href)) as { renderPage: RenderPage };
  const manifest = JSON.parse(readFileSync(manifestFile, "utf8")) as Record<string, ManifestChunk>;
  const shell = readFileSync(indexFile, "utf8");
  const styleOf = pageStyleOf(publicCssFile);
  const template = pageTemplate(shell);
  return {
    shell,
    async render(request, { address } = {}) {
      const page = await renderPage(request);
      const { head, body } = hoistResourceHints(page.head, page.body);
      const state = page.state === null ? "" : `<script type="application/json" id="page-state">${page.state}</script>`;
      const style = styleOf(body);
      return {
        html: template(request.language, head, body, state, { ...lazyAssets(manifest, page.modules), address }, style.css),
        styleSource: style.source,
      };
    },
  };
}

/**
 * index.html as a function of the page's language, head tags, body, state and lazy screens. Its
 * own title and description give way to the page's; its note that the shop needs JavaScript goes,
 * since a rendered page does not.
 *
 * A rendered page is whole without the app: it carries its own stylesheet (the rules its markup
 * can use, inlined: it paints with the HTML alone), works by its links and forms, and leaves
 * starting the app to start-app.js, which names the app's module, its whole stylesheet and the
 * page's lazy screens to fetch when the app starts (see start-app.js for when).
 */
function pageTemplate(
  html: string,
): (language: PageLanguage, head: string, body: string, state: string, lazy: LazyAssets, css: string) => string {
  const stylesheets: string[] = [];
  let entry = "";
  const stripped = html
    .replace(/<title>[^<]*<\/title>\s*/, "")
    .replace(/<meta\s+name="description"[^>]*>\s*/, "")
    .replace(/<noscript>[\s\S]*?<\/noscript>\s*/, "")
    .replace(/\s*<link rel="stylesheet" crossorigin href="([^"]+)">/g, (_tag, href: string) => {
      stylesheets.push(href);
      return "";
    })
    .replace(/<script type="module" crossorigin src="([^"]+)"><\/script>/, (_tag, src: string) => {
      entry = src;
      return "<!--start-app-->";
    })
    .replace(/\s*<link rel="modulepreload"[^>]*>/g, "");
  if (!entry || stylesheets.length === 0) throw new Error("web/dist/index.html names no module or no stylesheet");
  const [start, rest] = split(stripped, "</head>");
  const [middle, end] = split(rest, '<div id="root"></div>');
  const [doctype, afterLang] = split(start, '<html lang="en">');
  // The state beside the app's root, not in it: React hydrates the root's children.
  return (language, head, body, state, lazy, css) => {
    const shownAt = lazy.address ? ` data-address="${escapeHtml(lazy.address)}"` : "";
    const startApp = `<script defer src="/start-app.js" data-entry="${entry}" data-css="${[...stylesheets, ...lazy.css].join(" ")}" data-preload="${lazy.scripts.join(" ")}"${shownAt}></script>`;
    return `${doctype}<html lang="${language}">${afterLang.replace("<!--start-app-->", startApp)}<style>${css}</style>${head}</head>${middle}<div id="root">${body}</div>${state}${end}`;
  };
}

function split(text: string, marker: string): [string, string] {
  const at = text.indexOf(marker);
  if (at < 0) throw new Error(`web/dist/index.html has no ${marker}`);
  return [text.slice(0, at), text.slice(at + marker.length)];
}

/**
 * React writes the preloads it finds (the main image's, fetchpriority high) before the app's
 * markup; outside a full document they would land in the body, so they move to the head.
 */
function hoistResourceHints(head: string, body: string): { head: string; body: string } {
  const hints = /^(?:<link [^>]*\/?>)+/.exec(body)?.[0] ?? "";
  return { head: head + hints, body: body.slice(hints.length) };
}

interface LazyAssets {
  css: string[];
  scripts: string[];
  /** The page's own address, for start-app.js to show (see PageRenderer.render). */
  address?: string | undefined;
}

/** The stylesheets and scripts of the page's lazy screens and their imports: fetched with the app, not before it. */
function lazyAssets(manifest: Record<string, ManifestChunk>, modules: string[]): LazyAssets {
  const css = new Set<string>();
  const scripts = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || key === "index.html" || scripts.has(chunk.file)) return;
    scripts.add(chunk.file);
    for (const file of chunk.css ?? []) css.add(file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const module of modules) visit(module);
  return { css: [...css].map((file) => `/${file}`), scripts: [...scripts].map((file) => `/${file}`) };
}

import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { PageLanguage, PageRenderRequest, RenderPage } from "@krishi/contract";

/**
 * The web app's server entry (web/dist-ssr/entry-server.js, from `npm run build`) and the page
 * around it (web/dist/index.html): renders a public page into a whole HTML document.
 */
export interface PageRenderer {
  render(request: PageRenderRequest): Promise<string>;
  /** The page for the browser to render itself (index.html as built). */
  readonly shell: string;
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
  if (!existsSync(entry) || !existsSync(indexFile) || !existsSync(manifestFile)) return null;
  const { renderPage } = (await import(pathToFileURL(entry).href)) as { renderPage: RenderPage };
  const manifest = JSON.parse(readFileSync(manifestFile, "utf8")) as Record<string, ManifestChunk>;
  const shell = readFileSync(indexFile, "utf8");
  const template = pageTemplate(shell);
  return {
    shell,
    async render(request) {
      const page = await renderPage(request);
      const { head, body } = hoistResourceHints(page.head, page.body);
      const state = page.state === null ? "" : `<script type="application/json" id="page-state">${page.state}</script>`;
      return template(request.language, head + lazyAssets(manifest, page.modules), body, state);
    },
  };
}

/**
 * index.html as a function of the page's language, head tags, body and state. Its own title and
 * description give way to the page's; its note that the shop needs JavaScript goes, since a
 * rendered page does not.
 */
function pageTemplate(html: string): (language: PageLanguage, head: string, body: string, state: string) => string {
  const stripped = html
    .replace(/<title>[^<]*<\/title>\s*/, "")
    .replace(/<meta\s+name="description"[^>]*>\s*/, "")
    .replace(/<noscript>[\s\S]*?<\/noscript>\s*/, "")
    // The page shows without the script and the fonts (font-display: optional): on a slow
    // connection the stylesheet and the main image come first. The app's module is asked for
    // once the stylesheet is in (start-app.js, a deferred script); the fonts when the stylesheet
    // names them (in time for the next page when not for this one).
    .replace(/<script type="module" crossorigin src="([^"]+)"><\/script>/, '<script defer src="/start-app.js" data-entry="$1"></script>')
    .replace(/\s*<link rel="preload" as="font"[^>]*>/g, "");
  const [start, rest] = split(stripped, "</head>");
  const [middle, end] = split(rest, '<div id="root"></div>');
  const [doctype, afterLang] = split(start, '<html lang="en">');
  // The state beside the app's root, not in it: React hydrates the root's children.
  return (language, head, body, state) =>
    `${doctype}<html lang="${language}">${afterLang}${head}</head>${middle}<div id="root">${body}</div>${state}${end}`;
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

/** Stylesheets (against a layout shift when the screen's script arrives) and module preloads of the page's lazy screens. */
function lazyAssets(manifest: Record<string, ManifestChunk>, modules: string[]): string {
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
  return [
    ...[...css].map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`),
    ...[...scripts].map((file) => `<link rel="modulepreload" fetchpriority="low" crossorigin href="/${file}">`),
  ].join("");
}

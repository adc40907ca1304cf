import { useEffect, useLayoutEffect, useRef, useState } from "react";
import { type Location, useLocation, useNavigationType } from "react-router";
import { usePageFocus } from "./page-focus.ts";

/** Where the positions are kept: the tab's session, so they outlive a reload as its history does. */
export const STORAGE_KEY = "krishi.scroll-positions";
/** Enough for a shopping session's Back button; the oldest entries go first. */
export const MAX_ENTRIES = 50;
/**
 * How long a restore waits for a page whose content arrives later (a list from the API, pictures
 * decoded again): a busy cheap phone can take over a second; the shopper's own scrolling ends it.
 */
const RESTORE_FOR_MS = 3000;
/** Input by which the shopper scrolls themselves: a restore still waiting gives way to it. */
const SHOPPER_INPUT = ["wheel", "touchstart", "keydown", "mousedown"] as const;

/** Scroll positions (`window.scrollY`) by history entry (`location.key`), oldest first. */
type Positions = Map<string, number>;

function isPosition(entry: unknown): entry is [string, number] {
  return Array.isArray(entry) && entry.length === 2 && typeof entry[0] === "string" && Number.isFinite(entry[1]) && entry[1] >= 0;
}

/** The positions saved earlier in this tab; none when storage is off or holds something else. */
function loadPositions(): Positions {
  try {
    const stored: unknown = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? "[]");
    return new Map(Array.isArray(stored) ? stored.filter(isPosition).slice(-MAX_ENTRIES) : []);
  } catch {
    return new Map();
  }
}

function savePositions(positions: Positions): void {
  try {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify([...positions]));
  } catch {
    // Storage off or full (private browsing): positions last until the next reload only.
  }
}

/** Records `y` as the newest entry's, dropping the oldest beyond MAX_ENTRIES. */
function remember(positions: Positions, key: string, y: number): void {
  positions.delete(key);
  positions.set(key, y);
  for (const oldest of positions.keys()) {
    if (positions.size <= MAX_ENTRIES) break;
    positions.delete(oldest);
  }
}

/** Instant even though Bootstrap makes the page's scrolling smooth: a page opens where it opens. */
function scrollToY(y: number): void {
  window.scrollTo({ top: y, left: 0, behavior: "instant" });
}

/**
 * Scrolls to `y`, again on each frame while the page is too short to get there (its content still
 * loading), for at most RESTORE_FOR_MS or until the shopper scrolls. Returns a cancel; `onEnd`
 * runs once, however it ends.
 */
function restoreTo(y: number, onEnd: () => void): () => void {
  const started = performance.now();
  let frame = 0;
  let ended = false;
  const end = () => {
    if (ended) return;
    ended = true;
    cancelAnimationFrame(frame);
    for (const type of SHOPPER_INPUT) window.removeEventListener(type, end, true);
    onEnd();
  };
  const step = () => {
    scrollToY(y);
    const room = document.documentElement.scrollHeight - window.innerHeight;
    if (room >= y || performance.now() - started >= RESTORE_FOR_MS) end();
    else frame = requestAnimationFrame(step);
  };
  for (const type of SHOPPER_INPUT) window.addEventListener(type, end, { capture: true, passive: true });
  step();
  return end;
}

/**
 * Where a page opens: a new page (pushed or replaced, another path or query) at its top; Back and
 * Forward where the shopper was on that history entry, also after a reload. A move to a hash (the
 * skip link's #main) is left to the browser. The page the app opened on (`openedAt`, the first
 * render's page by default) scrolls nothing: it may have been rendered by the server and the
 * shopper may already be reading it. A hook that starts after the app did (its code loaded later)
 * is given that page, so a change made before it started (Back, right after a reload) still
 * opens where it should.
 */
export function useScrollRestoration(openedAt?: Location): void {
  const location = useLocation();
  const navigationType = useNavigationType();
  // Read from storage at first use (a page change, a scroll), not while the page starts: a
  // tab's first read of its session storage takes tens of milliseconds on a phone.
  const [positions] = useState(() => {
    let loaded: Positions | undefined;
    return () => {
      loaded ??= loadPositions();
      return loaded;
    };
  });
  /** The entry on screen: the one the shopper's scrolling is recorded for. */
  const shown = useRef(openedAt ?? location);
  /** A restore waiting for its page to grow: the scrolling it does is not the shopper's. */
  const restoring = useRef(false);

  useEffect(() => {
    const { history } = window;
    const browsers = history.scrollRestoration;
    history.scrollRestoration = "manual";
    const record = () => {
      if (!restoring.current) remember(positions(), shown.current.key, window.scrollY);
    };
    const save = () => savePositions(positions());
    window.addEventListener("scroll", record, { passive: true });
    // Where the shopper got to before the app took over the server's page (no scroll event was heard then).
    if (window.scrollY > 0) record();
    window.addEventListener("pagehide", save);
    return () => {
      window.removeEventListener("scroll", record);
      window.removeEventListener("pagehide", save);
      save();
      history.scrollRestoration = browsers;
    };
  }, [positions]);

  useLayoutEffect(() => {
    const before = shown.current;
    if (before.key === location.key) return;
    shown.current = location;
    // The page left is recorded: kept for a Back after a reload.
    savePositions(positions());
    const samePage = before.pathname === location.pathname && before.search === location.search;
    if (samePage || (navigationType !== "POP" && location.hash)) return;
    const saved = navigationType === "POP" ? positions().get(location.key) : undefined;
    if (saved === undefined) {
      scrollToY(0);
      return;
    }
    restoring.current = true;
    return restoreTo(saved, () => {
      restoring.current = false;
    });
  }, [location, navigationType, positions]);
}

/**
 * What a page change does besides showing the screen, its scroll and its focus, as a component so
 * the layout can load it after the first page; `openedAt` is the page the app opened on.
 */
export function ScrollRestoration({ openedAt }: { openedAt: Location }): null {
  useScrollRestoration(openedAt);
  usePageFocus(openedAt);
  return null;
}

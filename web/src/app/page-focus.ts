import { useLayoutEffect, useRef } from "react";
import { type Location, useLocation } from "react-router";
import { focusHeading } from "./focus-heading.ts";

/**
 * How long the focus waits for a screen's heading that arrives later (a screen loaded on demand, a
 * product from the API, a loading heading replaced by the product's name); the user's own keys,
 * clicks and taps end it at once.
 */
const FOLLOW_FOR_MS = 5000;
const USER_INPUT = ["keydown", "mousedown", "touchstart"] as const;

/**
 * Whether the focus should go to the new screen's heading: when it is lost (the link followed is
 * gone), on a link of the screen left (a page number, a tile), or outside the screen (header,
 * categories, footer) when the page itself changed. A field or button of the screen keeps it
 * (the sort, the switch, a form the screen focused itself), and so do the search box and the
 * categories when only the list's query changed: the user is refining what they read.
 */
function headingWanted(pageChanged: boolean): boolean {
  const active = document.activeElement;
  if (!active || active === document.body) return true;
  if (active.closest("main")) return active.closest("main a") !== null;
  return pageChanged;
}

/**
 * Focus on the heading, again each time the screen changes while it is still arriving, until
 * someone else moves the focus (the user, or the screen to a field or message), the user acts or
 * FOLLOW_FOR_MS passes. Answers a cancel.
 */
function followHeading(): () => void {
  const main = document.querySelector("main");
  /** Where the focus was when the page changed: it stays there until the heading comes. */
  const left = document.activeElement;
  let heading = focusHeading({ preventScroll: true });
  const settle = () => {
    const active = document.activeElement;
    if (active && active !== document.body && active !== heading && active !== left) return end();
    const current = document.querySelector("main h1");
    if (current && current !== heading) heading = focusHeading({ preventScroll: true });
  };
  const observer = new MutationObserver(settle);
  if (main) observer.observe(main, { childList: true, subtree: true });
  const timer = setTimeout(end, FOLLOW_FOR_MS);
  for (const type of USER_INPUT) window.addEventListener(type, end, { capture: true, passive: true });
  function end() {
    observer.disconnect();
    clearTimeout(timer);
    for (const type of USER_INPUT) window.removeEventListener(type, end, true);
  }
  return end;
}

/**
 * After a page change in the app (not the first page, which the browser opened itself, and not a
 * move to a hash such as the skip link's), the focus goes to the new screen's heading, so a screen
 * reader reads where the user is and the next Tab starts from there; the scroll position is left
 * to the scroll restoration. A change of the list's query alone moves it only when it was lost
 * or on a link of the list (see headingWanted). `openedAt` is the first page (by default the first
 * render's): a hook whose code came after the app's is given it, to see a change made meanwhile.
 */
export function usePageFocus(openedAt?: Location): void {
  const location = useLocation();
  const shown = useRef(openedAt ?? location);
  useLayoutEffect(() => {
    const before = shown.current;
    if (before.key === location.key) return;
    shown.current = location;
    const pageChanged = before.pathname !== location.pathname;
    if (!pageChanged && before.search === location.search) return;
    if (headingWanted(pageChanged)) return followHeading();
  }, [location]);
}

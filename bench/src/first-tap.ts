// The first tap on Add to Cart that does something, tapped as a farmer taps: a product page opened
// cold on a phone (phone.ts), the button tapped as soon as it shows and again every ~100 ms until
// the cart page opens or the header's cart count goes up. Times are from navigation start, taken
// by the page itself; a tap that lands before the app has loaded counts only if it does something.

import { chromium, type Page } from "playwright-core";
import { CHROME_FLAGS } from "./lighthouse.ts";
import { GIVE_UP_MS, type Link, phonePage } from "./phone.ts";

/** How long the farmer waits between two taps of a button that did nothing. */
const TAP_EVERY_MS = 100;

export interface TapCase {
  /** The product page, opened cold. */
  url: string;
  link: Link;
  /** The button's text in the page's language. */
  addToCart: string;
  /** The cart page's heading (h1) in the page's language. */
  cartHeading: string;
}

export interface TapRun {
  /** Milliseconds from navigation start until a tap did something; null: nothing within GIVE_UP_MS. */
  did: number | null;
  /** What it did: the cart page showed its heading, or the header's cart count went up in place. */
  how: "cart page" | "count" | null;
  /** When the product's name (h1) showed, and Add to Cart; null: never. */
  named: number | null;
  shown: number | null;
  /** When the page first felt a tap (its pointerdown), and how many taps were made until something happened. */
  firstTap: number | null;
  taps: number;
}

type Seen = "named" | "button" | "cart page" | "count" | "tap";

/**
 * The script run in every page of the run before its own: it reports (through `__benchReport`,
 * and in sessionStorage) when the product's name shows, when the button reading `addToCart`
 * shows (the farmer cannot tap it before), when the page first feels a tap, and when a tap did
 * something: at /cart an h1 reading `cartHeading` shows, or the number in the header's cart
 * count (.site-header__count) goes above the first one shown. Times are from the navigation start
 * of the run's first page (kept in sessionStorage, which outlives the form's navigation to the
 * cart). "Shows": in a frame the page may paint, with a box, text, and neither hidden nor
 * transparent, timed once the frame's layout is done (as phone.ts). It also tells (`__benchButton`) where the button's middle is on the
 * screen whenever that changes ("off the screen" when it is shown elsewhere on the page, null
 * when it is not shown): the farmer
 * taps there without asking the page, whose main thread may be busy. DOM changes, loaded images
 * and scrolling say when to look; an element that is there but not shown yet (its stylesheet still
 * coming) is looked at each frame. Plain JavaScript in a string, as phone.ts's watcher.
 */
function recorder(addToCart: string, cartHeading: string): string {
  return `(() => {
  const label = ${JSON.stringify(addToCart)};
  const heading = ${JSON.stringify(cartHeading)};
  const stored = Number(sessionStorage.getItem("__benchOrigin"));
  const origin = stored > 0 ? stored : performance.timeOrigin;
  if (!(stored > 0)) sessionStorage.setItem("__benchOrigin", String(origin));
  const since = (time) => Math.round(performance.timeOrigin + time - origin);
  const send = (name, ...values) => (typeof window[name] === "function" ? window[name](...values) : setTimeout(() => send(name, ...values), 20));
  const reported = JSON.parse(sessionStorage.getItem("__benchSeen") || "{}");
  const report = (what, ms) => {
    if (what in reported) return;
    reported[what] = ms;
    sessionStorage.setItem("__benchSeen", JSON.stringify(reported));
    send("__benchReport", what, ms);
  };
  addEventListener("pointerdown", (event) => report("tap", since(event.timeStamp)), { capture: true, passive: true });
  const shows = (element) => {
    const box = element.getBoundingClientRect();
    return box.width > 0 && box.height > 0 && element.textContent.trim() !== "" &&
      element.checkVisibility({ opacityProperty: true, visibilityProperty: true });
  };
  let where = "none";
  const place = (button) => {
    let at = null;
    if (button) {
      const box = button.getBoundingClientRect();
      const x = Math.round(box.left + box.width / 2);
      const y = Math.round(box.top + box.height / 2);
      at = x >= 0 && y >= 0 && x < innerWidth && y < innerHeight ? [x, y] : "off the screen";
    }
    if (JSON.stringify(at) === where) return;
    where = JSON.stringify(at);
    send("__benchButton", at);
  };
  let firstCount = null;
  let looking = false;
  const look = () => {
    looking = false;
    let again = false;
    if (!("named" in reported)) {
      const name = document.querySelector("h1.product-info__name");
      if (name && shows(name)) report("named", since(performance.now()));
      else if (name) again = true;
    }
    const buttons = [...document.querySelectorAll("button")].filter((b) => b.textContent.trim() === label);
    const button = buttons.find(shows);
    if (button) report("button", since(performance.now()));
    else if (buttons.length > 0) again = true;
    place(button);
    if (!("cart page" in reported) && /^\\/cart(\\/|$)/.test(location.pathname)) {
      const headings = [...document.querySelectorAll("h1")].filter((h) => h.textContent.trim() === heading);
      if (headings.some(shows)) report("cart page", since(performance.now()));
      else if (headings.length > 0) again = true;
    }
    const count = document.querySelector(".site-header__count");
    if (!("count" in reported) && count) {
      const number = /\\d+/.exec(count.textContent);
      if (!shows(count)) again = true;
      else if (number && firstCount === null) firstCount = Number(number[0]);
      else if (number && Number(number[0]) > firstCount) report("count", since(performance.now()));
    }
    if (again) schedule();
  };
  const schedule = () => {
    if (looking) return;
    looking = true;
    requestAnimationFrame(look);
  };
  new MutationObserver(schedule).observe(document, { childList: true, subtree: true, characterData: true });
  for (const event of ["load", "scroll", "resize"]) addEventListener(event, schedule, { capture: true, passive: true });
})();`;
}

/**
 * Each case `runs` times, each in a fresh phone context of one Chromium (phone.ts: 390 px, CPU
 * slowed, the case's link, nothing cached); the runs of each case in order.
 */
export async function firstTapRuns(cases: readonly TapCase[], chromePath: string, runs: number): Promise<TapRun[][]> {
  const browser = await chromium.launch({ executablePath: chromePath, args: CHROME_FLAGS });
  try {
    const results: TapRun[][] = [];
    for (const tapCase of cases) {
      const caseRuns: TapRun[] = [];
      for (let run = 0; run < runs; run++) {
        const { context, page } = await phonePage(browser, tapCase.link);
        try {
          caseRuns.push(await tapUntilSomethingHappens(page, tapCase));
        } finally {
          await context.close();
        }
      }
      results.push(caseRuns);
    }
    return results;
  } finally {
    await browser.close();
  }
}

/**
 * Opens the page and, once the page has shown Add to Cart (painted, not only laid out), taps its
 * middle every TAP_EVERY_MS while it is shown, with no wait for it to be enabled, still or
 * hydrated, until a tap did something. The taps go where the page last said the button is
 * (recorder): a tap asks nothing of the page first, which would wait for its main thread. A
 * button shown off the screen is tapped through Playwright (scrolled into view, no other check),
 * as a farmer scrolls to it. Once the page starts to navigate away (a form sent) the farmer
 * waits: a tap on the page being left would send the form again, and start its navigation over.
 */
async function tapUntilSomethingHappens(page: Page, { url, addToCart, cartHeading }: TapCase): Promise<TapRun> {
  const seen = new Map<Seen, number>();
  let happened: () => void = () => undefined;
  const done = new Promise<void>((resolve) => {
    happened = resolve;
  });
  await page.exposeBinding("__benchReport", (_source, what: Seen, ms: number) => {
    if (!seen.has(what)) seen.set(what, ms);
    if (what === "cart page" || what === "count") happened();
  });
  const screen: { at: [number, number] | "off the screen" | null } = { at: null };
  await page.exposeBinding("__benchButton", (_source, at: typeof screen.at) => {
    screen.at = at;
  });
  await page.addInitScript(recorder(addToCart, cartHeading));
  let opened = false;
  let leaving = false;
  page.on("request", (request) => {
    if (opened && request.isNavigationRequest() && request.frame() === page.mainFrame()) leaving = true;
  });
  const button = page.locator("button", { hasText: addToCart }).first();
  const deadline = performance.now() + GIVE_UP_MS;
  await page.goto(url, { waitUntil: "commit" });
  opened = true;
  let taps = 0;
  const did = () => seen.get("cart page") ?? seen.get("count");
  while (did() === undefined && performance.now() < deadline) {
    const where = screen.at;
    if (where !== null && !leaving) {
      // Off the screen: Playwright scrolls it into view (force: no other check).
      const tapped = where === "off the screen" ? button.tap({ force: true, timeout: 5_000 }) : page.touchscreen.tap(...where);
      await tapped.then(
        () => taps++,
        () => undefined,
      );
    }
    await Promise.race([done, new Promise((resolve) => setTimeout(resolve, TAP_EVERY_MS))]);
  }
  const [cart, count] = [seen.get("cart page"), seen.get("count")];
  const how = cart !== undefined && (count === undefined || cart <= count) ? "cart page" : count !== undefined ? "count" : null;
  return {
    did: did() === undefined ? null : Math.min(cart ?? Number.POSITIVE_INFINITY, count ?? Number.POSITIVE_INFINITY),
    how,
    named: seen.get("named") ?? null,
    shown: seen.get("button") ?? null,
    firstTap: seen.get("tap") ?? null,
    taps,
  };
}

import { act, fireEvent, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { type ReactElement, useState } from "react";
import { type InitialEntry, Link, type Location, MemoryRouter, Route, Routes, useLocation, useNavigate } from "react-router";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { MAX_ENTRIES, STORAGE_KEY, useScrollRestoration } from "./scroll-restoration.ts";

/**
 * jsdom lays nothing out: the page's height and scroll position are these numbers. `scrollTo`
 * clamps to the page as a browser does and, like one, says so with a scroll event.
 */
let pageHeight = 5000;
let scrollY = 0;

function scrolledTo(y: number) {
  scrollY = Math.max(0, Math.min(y, pageHeight - window.innerHeight));
  window.dispatchEvent(new Event("scroll"));
}

/** The shopper scrolls the page to `y`. */
function shopperScrolls(y: number) {
  act(() => scrolledTo(y));
}

const TOP = { top: 0, left: 0, behavior: "instant" };

function Page() {
  useScrollRestoration();
  return <Links />;
}

/** The hook where the layout has it: its code comes after the first page ("Start" brings it). */
function LatePage() {
  const location = useLocation();
  const [openedAt] = useState(location);
  const [started, setStarted] = useState(false);
  return (
    <>
      <Links />
      <button type="button" onClick={() => setStarted(true)}>
        Start
      </button>
      {started && <Restoration openedAt={openedAt} />}
    </>
  );
}

function Restoration({ openedAt }: { openedAt: Location }) {
  useScrollRestoration(openedAt);
  return null;
}

/** The page's address, its links and its Back, Forward and Replace buttons. */
function Links() {
  const navigate = useNavigate();
  const { pathname, search, hash } = useLocation();
  return (
    <>
      <p>{`At ${pathname}${search}${hash}`}</p>
      <Link to="/product/1">Product</Link>
      <Link to="/?page=2">Next page</Link>
      <Link to="#main">Skip to main content</Link>
      <Link to="/product/1#reviews">Reviews</Link>
      <button type="button" onClick={() => navigate("/cart", { replace: true })}>
        Replace
      </button>
      <button type="button" onClick={() => navigate(-1)}>
        Back
      </button>
      <button type="button" onClick={() => navigate(1)}>
        Forward
      </button>
    </>
  );
}

function renderAt(entries: InitialEntry[] = ["/"], page: ReactElement = <Page />) {
  const user = userEvent.setup();
  const result = render(
    <MemoryRouter initialEntries={entries} initialIndex={entries.length - 1}>
      <Routes>
        <Route path="*" element={page} />
      </Routes>
    </MemoryRouter>,
  );
  /** Follows a link or presses a button, then waits for the page at `address`. */
  const go = async (name: string, address: string) => {
    await user.click(screen.getByRole(/^(Back|Forward|Replace)$/.test(name) ? "button" : "link", { name }));
    expect(await screen.findByText(`At ${address}`)).toBeInTheDocument();
  };
  return { ...result, user, go };
}

function storedKeys(): string[] {
  return (JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? "[]") as [string, number][]).map(([key]) => key);
}

describe("useScrollRestoration", () => {
  let scrollTo: ReturnType<typeof vi.fn>;

  beforeEach(() => {
    sessionStorage.clear();
    pageHeight = 5000;
    scrollY = 0;
    vi.spyOn(window, "scrollY", "get").mockImplementation(() => scrollY);
    vi.spyOn(document.documentElement, "scrollHeight", "get").mockImplementation(() => pageHeight);
    scrollTo = vi.fn((options: ScrollToOptions) => scrolledTo(options.top ?? 0));
    vi.spyOn(window, "scrollTo").mockImplementation(scrollTo as unknown as typeof window.scrollTo);
  });

  it("scrolls nothing on the first render, then opens a new page at its top", async () => {
    const { go } = renderAt(["/"]);
    expect(await screen.findByText("At /")).toBeInTheDocument();
    expect(scrollTo).not.toHaveBeenCalled();
    shopperScrolls(1200);

    await go("Product", "/product/1");
    expect(scrollTo).toHaveBeenLastCalledWith(TOP);
    expect(scrollY).toBe(0);
  });

  it("remembers where the shopper scrolled before the app took over the page, and brings Back there", async () => {
    // Scrolled while the server's page was still only HTML: no scroll event reaches the hook.
    scrollY = 1500;
    const { go } = renderAt(["/"]);
    expect(await screen.findByText("At /")).toBeInTheDocument();
    await go("Product", "/product/1");
    expect(scrollY).toBe(0);
    await go("Back", "/");
    expect(scrollY).toBe(1500);
  });

  it("opens another query (the list's next page) and a replaced page at their top", async () => {
    const { go } = renderAt(["/"]);
    shopperScrolls(1200);
    await go("Next page", "/?page=2");
    expect(scrollY).toBe(0);

    shopperScrolls(900);
    await go("Replace", "/cart");
    expect(scrollTo).toHaveBeenCalledTimes(2);
    expect(scrollY).toBe(0);
  });

  it("brings Back and Forward to where the shopper was on each page", async () => {
    const { go } = renderAt(["/"]);
    shopperScrolls(1200);
    await go("Product", "/product/1");
    shopperScrolls(300);

    await go("Back", "/");
    expect(scrollTo).toHaveBeenLastCalledWith({ ...TOP, top: 1200 });
    expect(scrollY).toBe(1200);
    await go("Forward", "/product/1");
    expect(scrollY).toBe(300);
  });

  it("lands on Back once a page whose content arrives later has grown tall enough", async () => {
    const { go } = renderAt(["/"]);
    shopperScrolls(2400);
    await go("Product", "/product/1");
    // The list loads again: the page is short at Back, and complete a frame later.
    pageHeight = 1000;
    scrollTo.mockImplementationOnce((options: ScrollToOptions) => {
      scrolledTo(options.top ?? 0);
      requestAnimationFrame(() => {
        pageHeight = 5000;
      });
    });

    await go("Back", "/");
    await vi.waitFor(() => expect(scrollY).toBe(2400));
    const tries = scrollTo.mock.calls.filter(([options]) => options.top === 2400);
    expect(tries.length).toBeGreaterThan(1);
  });

  it("records nothing while it waits: the page's short height is not the shopper's position", async () => {
    const { go } = renderAt(["/"]);
    shopperScrolls(2400);
    await go("Product", "/product/1");
    pageHeight = 1000;
    await go("Back", "/");
    expect(scrollY).toBe(1000 - window.innerHeight);

    await go("Forward", "/product/1");
    pageHeight = 5000;
    await go("Back", "/");
    expect(scrollY).toBe(2400);
  });

  it("stops waiting once the shopper scrolls", async () => {
    const { go } = renderAt(["/"]);
    shopperScrolls(2400);
    await go("Product", "/product/1");
    pageHeight = 1000;
    await go("Back", "/");
    const restores = scrollTo.mock.calls.length;

    fireEvent.wheel(window);
    shopperScrolls(50);
    pageHeight = 5000;
    // Two frames: as many as a restore still waiting would take to scroll again.
    await act(() => new Promise((frame) => requestAnimationFrame(() => requestAnimationFrame(frame))));
    expect(scrollTo).toHaveBeenCalledTimes(restores);
    expect(scrollY).toBe(50);
  });

  it("leaves a move to a hash (the skip link) to the browser", async () => {
    const { go } = renderAt(["/"]);
    shopperScrolls(1200);
    await go("Skip to main content", "/#main");
    expect(scrollTo).not.toHaveBeenCalled();
    // The browser brings #main into view.
    shopperScrolls(1300);
    await go("Reviews", "/product/1#reviews");
    expect(scrollTo).not.toHaveBeenCalled();

    await go("Back", "/#main");
    expect(scrollTo).toHaveBeenCalledTimes(1);
    expect(scrollY).toBe(1300);
    await go("Back", "/");
    expect(scrollTo).toHaveBeenCalledTimes(1);
  });

  it("restores the position on Back after a reload of the tab", async () => {
    const first = renderAt([{ pathname: "/", key: "home" }]);
    shopperScrolls(1600);
    await first.go("Product", "/product/1");
    first.unmount();
    scrollY = 0;

    const { go } = renderAt([
      { pathname: "/", key: "home" },
      { pathname: "/product/1", key: "product" },
    ]);
    expect(await screen.findByText("At /product/1")).toBeInTheDocument();
    expect(scrollTo).toHaveBeenCalledTimes(1);
    await go("Back", "/");
    expect(scrollY).toBe(1600);
  });

  it("restores the position on Back after a reload when its code came after the Back", async () => {
    const first = renderAt([{ pathname: "/", key: "home" }]);
    shopperScrolls(1600);
    await first.go("Product", "/product/1");
    first.unmount();
    scrollY = 0;

    const { go, user } = renderAt(
      [
        { pathname: "/", key: "home" },
        { pathname: "/product/1", key: "product" },
      ],
      <LatePage />,
    );
    await go("Back", "/");
    expect(scrollY).toBe(0);
    await user.click(screen.getByRole("button", { name: "Start" }));
    expect(scrollY).toBe(1600);
  });

  it("scrolls nothing when its code comes while the page the app opened on is still shown", async () => {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify([["product", 900]]));
    const { user } = renderAt([{ pathname: "/product/1", key: "product" }], <LatePage />);
    shopperScrolls(300);
    await user.click(screen.getByRole("button", { name: "Start" }));
    expect(scrollTo).not.toHaveBeenCalled();
    expect(scrollY).toBe(300);
  });

  it(`keeps the newest ${MAX_ENTRIES} entries`, async () => {
    const older = Array.from({ length: MAX_ENTRIES + 10 }, (_, i) => [`older-${i}`, i]);
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify(older));
    const { go } = renderAt([{ pathname: "/", key: "home" }]);
    shopperScrolls(700);
    await go("Product", "/product/1");

    const keys = storedKeys();
    expect(keys).toHaveLength(MAX_ENTRIES);
    expect(keys.at(-1)).toBe("home");
    expect(keys[0]).toBe(`older-${11}`);
  });

  it.each([
    ["not JSON", "{broken"],
    ["not a list", JSON.stringify({ home: 900 })],
    ["entries of the wrong shape", JSON.stringify([["home", "900"], ["home", -5], ["home"], 7, "home"])],
  ])("ignores stored positions that are %s", async (_, stored) => {
    sessionStorage.setItem(STORAGE_KEY, stored);
    const { go } = renderAt([
      { pathname: "/", key: "home" },
      { pathname: "/product/1", key: "product" },
    ]);
    await go("Back", "/");
    expect(scrollTo).toHaveBeenLastCalledWith(TOP);
  });

  it("still restores within the visit when the browser refuses storage", async () => {
    vi.spyOn(Storage.prototype, "setItem").mockImplementation(() => {
      throw new DOMException("quota exceeded", "QuotaExceededError");
    });
    const { go } = renderAt(["/"]);
    shopperScrolls(800);
    await go("Product", "/product/1");
    await go("Back", "/");
    expect(scrollY).toBe(800);
  });

  it("takes scrolling over from the browser while mounted, and gives it back", () => {
    const browsers = window.history.scrollRestoration;
    const { unmount } = renderAt(["/"]);
    expect(window.history.scrollRestoration).toBe("manual");
    unmount();
    expect(window.history.scrollRestoration).toBe(browsers);
  });
});

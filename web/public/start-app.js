// How a server-rendered page starts the app. The page works without it (links, the pack choice,
// Add to Cart and the language are links and forms), so a shopper who only looks pays for the
// page alone: on a first visit the app (~150 KB) is fetched when they first touch, type or focus
// something. A shopper who is signed in, or whose browser ran the app before (its files are
// cached), gets it at once. Its module, whole stylesheet and the page's lazy screens are named by
// the data- attributes: their file names change with every build. The service worker (offline
// copies, docs/design.md "Offline and installing") is registered once the page has loaded, as the
// app does (src/lib/service-worker.ts), so a visit that never starts the app still gets it.
(() => {
  const script = document.currentScript;
  const { entry, css, preload, address } = script.dataset;
  const RAN_BEFORE = "kb:app";
  const INTENT = ["pointerdown", "keydown", "focusin", "touchstart"];

  const read = (key) => {
    try {
      return localStorage.getItem(key);
    } catch {
      return null;
    }
  };

  const add = (tag, attributes) => {
    const element = document.createElement(tag);
    Object.assign(element, attributes);
    document.head.appendChild(element);
  };

  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    for (const type of INTENT) removeEventListener(type, start, true);
    try {
      localStorage.setItem(RAN_BEFORE, "1");
    } catch {
      // Storage off: the next page waits for a touch again.
    }
    for (const href of (css ?? "").split(" ").filter(Boolean)) add("link", { rel: "stylesheet", href, crossOrigin: "" });
    for (const href of (preload ?? "").split(" ").filter(Boolean)) add("link", { rel: "modulepreload", href, crossOrigin: "" });
    add("script", { type: "module", src: entry, crossOrigin: "" });
  };

  // The cart page answering Add to Cart's form shows the cart's address, not the form's: a reload
  // asks for the cart rather than posting the form again, and the app's routes read /cart.
  if (address && new URL(address, location.href).pathname !== location.pathname) history.replaceState(history.state, "", address);

  const registerWorker = () => navigator.serviceWorker.register("/sw.js", { scope: "/", updateViaCache: "none" }).catch(() => undefined);
  if ("serviceWorker" in navigator) addEventListener("load", registerWorker, { once: true });

  // The session's tokens (the auth slice's AUTH_KEYS): a signed-in shopper's header needs the app.
  if (read("access") || read("refresh") || read(RAN_BEFORE)) start();
  else for (const type of INTENT) addEventListener(type, start, { capture: true, passive: true });
})();

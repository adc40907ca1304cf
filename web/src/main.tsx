import "bootstrap/dist/css/bootstrap.min.css";
import "./index.css";
// The product page is server-rendered: its styles come with the first stylesheet rather than as a
// second one the page would wait for.
import "./features/catalog/product.css";
// The lists that become cards on a phone (My Orders, the staff lists): a small sheet shared by
// screens of several features, kept here rather than as a chunk of its own the first page names.
import "./components/card-table.css";
// The cart page's own styles (its lines and summary): the page a farmer's first tap on Add to
// Cart opens, often before the app runs, waits for no stylesheet but the one it has already.
import "./components/order-line.css";
import "./components/order-summary.css";
import "./features/cart/cart.css";
import { StrictMode, startTransition } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { Provider } from "react-redux";
import { BrowserRouter } from "react-router";
import { AppRoutes } from "./app/router.tsx";
import { hydrate } from "./base/api.ts";
import { configApi } from "./base/config-api.ts";
import { makeStore, type RootState } from "./base/store.ts";
import { followOtherTabs, startSession } from "./features/auth/session.ts";
import { loadCart } from "./features/cart/cart-slice.ts";
import { activateLanguage, initialLanguage, isLanguage, setLanguage } from "./i18n/index.ts";
import { LanguageRoot } from "./i18n/language-root.tsx";
import { noteRenderedFields } from "./lib/early-input.ts";

const root = document.getElementById("root");
if (!root) throw new Error("index.html has no #root element");

/** A server-rendered page (the public pages) carries the state it was rendered with. */
const rendered = document.getElementById("page-state")?.textContent;
const serverState = rendered ? (JSON.parse(rendered) as RootState) : undefined;

// A page rendered for its visitor (the cart) carries their cart's lines and offers: the store starts with them.
const store = makeStore(
  serverState?.cart.cartItems.length
    ? {
        preloadedState: {
          cart: {
            ...loadCart(),
            cartItems: serverState.cart.cartItems,
            ...(serverState.cart.offers && { offers: serverState.cart.offers }),
          },
        },
      }
    : {},
);
// The server's API answers go into the cache: the hydrated screens show them without asking again.
if (serverState) store.dispatch(hydrate(serverState));
// Ask for the runtime settings before the first render (read again by the screens after a sign-out
// empties the API cache).
store.dispatch(configApi.endpoints.getConfig.initiate());
// Google's ?code=, or the stored session checked (docs/storefront.md, "Layout"); the address is
// read before the router's.
store.dispatch(startSession());
followOtherTabs(store);
// Offline copies (docs/design.md, "Offline and installing"), a chunk of its own once the page has
// loaded: the service worker, and the shopper's own saved pages deleted when their account goes.
const offline = () => void import("./lib/service-worker.ts").then((worker) => worker.startOffline(store));
if (document.readyState === "complete") offline();
else window.addEventListener("load", offline, { once: true });
// The cart is the server's: read at start and after every sign-in or sign-out (its code is a chunk
// of its own: the first page shows no count but the one the server rendered).
void import("./features/cart/cart-sync.ts").then(({ followCart }) => followCart(store));

function app() {
  // Hydration sees the state the server rendered with (no cart, no session): the cart badge and
  // the user menu fill in right after, rather than mismatch what the server sent.
  return (
    <StrictMode>
      <Provider store={store} serverState={serverState}>
        <BrowserRouter>
          <LanguageRoot>
            <AppRoutes />
          </LanguageRoot>
        </BrowserRouter>
      </Provider>
    </StrictMode>
  );
}

const render = () => createRoot(root).render(app());

if (serverState && initialLanguage() === pageLanguage()) {
  // What the shopper may have chosen on the page before the app came (lib/early-input.ts).
  noteRenderedFields(root);
  activateLanguage(pageLanguage())
    .catch(() => undefined)
    // A transition: React hydrates in slices, giving the phone's main thread back between them
    // (one long task otherwise, and a tap on the page waits for all of it).
    .finally(() => startTransition(() => void hydrateRoot(root, app())));
} else {
  // English renders at once; another language first loads its catalog (English if that fails). A
  // server-rendered page in the other language than the shopper chose before is rendered afresh in
  // theirs (its API answers are in the store already): hydrating it, then switching while React
  // still hydrates its parts, would not match.
  const language = initialLanguage();
  if (language === "en" && !serverState) render();
  else
    setLanguage(language)
      .catch(() => undefined)
      .finally(render);
}

/** The language the server rendered the page in (`<html lang>`). */
function pageLanguage() {
  const named = document.documentElement.lang;
  return isLanguage(named) ? named : "en";
}

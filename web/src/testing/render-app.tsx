import type { PublicConfig, ShippingRule } from "@krishi/contract";
import { render } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ReactElement } from "react";
import { Provider } from "react-redux";
import { type Location, MemoryRouter, Route, Routes, useLocation } from "react-router";
import { AppRoutes } from "../app/router.tsx";
import { configApi, DEFAULT_CONFIG } from "../base/config-api.ts";
import { type AppStore, makeStore, type RootState } from "../base/store.ts";
import { shippingRulesApi } from "../features/cart/shipping-rules-api.ts";
import { LanguageRoot } from "../i18n/language-root.tsx";

export interface RenderAppOptions {
  /** The address the app starts at; defaults to "/". */
  url?: string;
  /** Route pattern for `ui` when it reads route params (e.g. "/cart/:id?"); other addresses render nothing. */
  path?: string;
  preloadedState?: Partial<RootState>;
  /** Runtime settings as /api/config would answer; no request is made. */
  config?: Partial<PublicConfig>;
  /** The shop's shipping rules as /api/shipping/rules/ would answer (none unless given); no request is made. */
  shippingRules?: ShippingRule[];
  /** Runs before the first render, e.g. to put API answers in the cache with `upsertQueryEntries` (synchronous, so the first render sees them). */
  seed?: (store: AppStore) => void;
}

/**
 * Renders with the app's store and router, without a server: `ui` alone at `url`, or, with `ui`
 * null, the whole app (layout and routes). Screens that fetch need their answers seeded.
 * `location()` tells where the app is now, e.g. after a click that navigates.
 */
export function renderApp(ui: ReactElement | null, options: RenderAppOptions = {}) {
  const { url = "/", path = "*", preloadedState, config, shippingRules = [], seed } = options;
  const store = makeStore({ preloadedState, persist: false });
  store.dispatch(
    configApi.util.upsertQueryEntries([{ endpointName: "getConfig", arg: undefined, value: { ...DEFAULT_CONFIG, ...config } }]),
  );
  store.dispatch(shippingRulesApi.util.upsertQueryEntries([{ endpointName: "getShippingRules", arg: undefined, value: shippingRules }]));
  seed?.(store);
  let current: Location | undefined;
  const track = (location: Location) => {
    current = location;
  };
  const user = userEvent.setup();
  const result = render(
    <Provider store={store}>
      <MemoryRouter initialEntries={[url]}>
        <LocationTracker onChange={track} />
        <LanguageRoot>
          {ui ? (
            <Routes>
              <Route path={path} element={ui} />
              {path !== "*" && <Route path="*" element={null} />}
            </Routes>
          ) : (
            <AppRoutes />
          )}
        </LanguageRoot>
      </MemoryRouter>
    </Provider>,
  );
  const location = (): Location => {
    if (!current) throw new Error("the router has not rendered");
    return current;
  };
  return { ...result, store, user, location };
}

function LocationTracker({ onChange }: { onChange: (location: Location) => void }) {
  onChange(useLocation());
  return null;
}

import "bootstrap/dist/css/bootstrap.min.css";
import "./index.css";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { Provider } from "react-redux";
import { BrowserRouter } from "react-router";
import { configApi } from "./app/config-api.ts";
import { AppRoutes } from "./app/router.tsx";
import { makeStore } from "./app/store.ts";
import { followOtherTabs, startSession } from "./features/auth/session.ts";

const store = makeStore();
// Ask for the runtime settings before the first render (read again by the screens after a sign-out
// empties the API cache).
store.dispatch(configApi.endpoints.getConfig.initiate());
// Google's ?code=, or the stored session checked (spec §2 layout); the address is read before the router's.
store.dispatch(startSession());
followOtherTabs(store);

const root = document.getElementById("root");
if (!root) throw new Error("index.html has no #root element");

createRoot(root).render(
  <StrictMode>
    <Provider store={store}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </Provider>
  </StrictMode>,
);

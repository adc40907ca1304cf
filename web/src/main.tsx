import "bootstrap/dist/css/bootstrap.min.css";
import "./fonts.css";
import "./index.css";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { Provider } from "react-redux";
import { BrowserRouter } from "react-router";
import { configApi } from "./app/config-api.ts";
import { AppRoutes } from "./app/router.tsx";
import { makeStore } from "./app/store.ts";
import { followOtherTabs, startSession } from "./features/auth/session.ts";
import { initialLanguage, setLanguage } from "./i18n/index.ts";
import { LanguageRoot } from "./i18n/language-root.tsx";

const store = makeStore();
// Ask for the runtime settings before the first render (read again by the screens after a sign-out
// empties the API cache).
store.dispatch(configApi.endpoints.getConfig.initiate());
// Google's ?code=, or the stored session checked (spec §2 layout); the address is read before the router's.
store.dispatch(startSession());
followOtherTabs(store);

const root = document.getElementById("root");
if (!root) throw new Error("index.html has no #root element");

function render() {
  createRoot(root as HTMLElement).render(
    <StrictMode>
      <Provider store={store}>
        <BrowserRouter>
          <LanguageRoot>
            <AppRoutes />
          </LanguageRoot>
        </BrowserRouter>
      </Provider>
    </StrictMode>,
  );
}

// English renders at once; another language first loads its catalog (English if that fails).
const language = initialLanguage();
if (language === "en") render();
else
  setLanguage(language)
    .catch(() => undefined)
    .finally(render);

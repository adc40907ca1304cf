import { CACHES } from "../sw/cache-names.ts";

/** Started by main.tsx once the page has loaded: the account followed, the worker registered. */
export function startOffline(store: AccountStore): void {
  followAccount(store);
  registerServiceWorker();
}

/**
 * Registers the service worker (src/sw/sw.ts, built to /sw.js) in a production build, once the page
 * has loaded: the worker and what it precaches never share the line with the first page's own files.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !("serviceWorker" in navigator)) return;
  const register = () => {
    navigator.serviceWorker.register("/sw.js", { scope: "/", updateViaCache: "none" }).catch(() => undefined);
  };
  if (document.readyState === "complete") register();
  else window.addEventListener("load", register, { once: true });
}

/** The store's part the offline copies follow (the app's store). */
interface AccountStore {
  getState(): { auth: { user: { _id: number } | null } };
  subscribe(listener: () => void): () => void;
}

/** Where the id of the account whose pages the personal cache may hold is kept. */
const OWNER_KEY = "offlineAccount";

/** Deletes the signed-in shopper's saved pages and answers (their orders): on sign-out, and before another account's are kept. */
export async function forgetPersonalPages(): Promise<void> {
  writeOwner(null);
  if (typeof caches !== "undefined") await caches.delete(CACHES.personal).catch(() => false);
}

/**
 * Follows the signed-in account: when it ends (sign-out, a refused refresh, another tab's sign-out)
 * or another account signs in, the personal cache is deleted, so no one is shown another's orders.
 * (The worker also gives a saved answer only to a request of the account it was saved for.)
 */
export function followAccount(store: AccountStore): () => void {
  let seen = store.getState().auth.user?._id ?? null;
  const check = () => {
    const current = store.getState().auth.user?._id ?? null;
    const owner = current === null ? null : String(current);
    if (current !== seen || readOwner() !== owner) {
      void forgetPersonalPages();
      // The cache now belongs to this account (or none): later dispatches do not delete it again.
      writeOwner(owner);
    }
    seen = current;
  };
  check();
  return store.subscribe(check);
}

function readOwner(): string | null {
  try {
    return localStorage.getItem(OWNER_KEY);
  } catch {
    return null;
  }
}

function writeOwner(id: string | null): void {
  try {
    if (id === null) localStorage.removeItem(OWNER_KEY);
    else localStorage.setItem(OWNER_KEY, id);
  } catch {
    // Storage refused (private mode): the worker still gives a saved answer only to its own account.
  }
}

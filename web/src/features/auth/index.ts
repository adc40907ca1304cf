import { lazy } from "react";

/**
 * What the rest of the app may use from the auth feature. This file is part of the first page (the
 * header and the store read the session), so what only lazy screens need is loaded lazily. The
 * sign-in guard of the lazy screens (`RequireAuth`) is the other public file, `require-auth.tsx`:
 * exported here, it would be in the first page's code.
 */
export {
  type AuthState,
  loggedOut,
  refreshFailed,
  selectIsStaff,
  selectSession,
  selectUser,
  sessionEnded,
  storageChanged,
  type User,
  userLoaded,
} from "./auth-slice.ts";
export { logout } from "./session.ts";

/** Sends the verification link again: its own chunk, as only a sign-in refused for an unverified address offers it. */
export const resendVerification = (email: string) => import("./verification.ts").then((module) => module.resendVerification(email));

/** The WhatsApp opt-in (Place Order shows it too): its own chunk, with the account endpoints it saves through. */
export const WhatsAppUpdates = lazy(() => import("./whatsapp-updates.tsx").then((module) => ({ default: module.WhatsAppUpdates })));

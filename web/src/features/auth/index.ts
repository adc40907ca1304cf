/**
 * What the rest of the app may use from the auth feature. Lazy screens guard themselves with
 * `RequireAuth` from ./require-auth.tsx, imported directly so that it stays out of the first page.
 */
export {
  type AuthState,
  loggedOut,
  selectIsStaff,
  selectSession,
  selectUser,
  sessionEnded,
  storageChanged,
  type User,
  userLoaded,
} from "./auth-slice.ts";
export { logout, resendVerification } from "./session.ts";

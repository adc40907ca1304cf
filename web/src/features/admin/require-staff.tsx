import type { ReactNode } from "react";
import { Navigate } from "react-router";
import { RequireAuth } from "../auth/require-auth.tsx";
import "./admin.css";

/**
 * A staff screen (docs/storefront.md, "Roles"): guests sign in first (and come back here),
 * signed-in users who are not staff go to /login.
 */
export function RequireStaff({ children }: { children: ReactNode }) {
  return <RequireAuth>{(user) => (user.is_staff ? children : <Navigate to="/login" replace />)}</RequireAuth>;
}

import type { ReactNode } from "react";
import { Navigate, useLocation } from "react-router";
import { useAppSelector } from "../../app/hooks.ts";
import { Loader } from "../../components/loader.tsx";
import { selectSession, type User } from "./auth-slice.ts";
import { redirectQuery } from "./redirect.ts";

/** A screen for signed-in users: guests go to /login?redirect={this page} (docs/storefront.md, "Roles"). */
export function RequireAuth({ children }: { children: (user: User) => ReactNode }) {
  const session = useAppSelector(selectSession);
  const user = useAppSelector((state) => state.auth.user);
  const { pathname, search } = useLocation();
  if (session === "checking") return <Loader />;
  if (session === "guest" || !user) return <Navigate to={`/login${redirectQuery(pathname + search)}`} replace />;
  return children(user);
}

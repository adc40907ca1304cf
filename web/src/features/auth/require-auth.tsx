import type { ReactNode } from "react";
import { Navigate, useLocation } from "react-router";
import { useAppSelector } from "../../base/hooks.ts";
import { Loader } from "../../components/loader.tsx";
import { selectSession, selectUser, type User } from "./auth-slice.ts";
import { redirectQuery } from "./redirect.ts";

/**
 * A screen for signed-in users: guests go to /login?redirect={this page}. It lives beside the router
 * rather than in the auth feature because screens of every feature use it and the auth entry file is
 * part of the first page, which has no room for it (nor for the redirect helper it reads directly).
 */
export function RequireAuth({ children }: { children: (user: User) => ReactNode }) {
  const session = useAppSelector(selectSession);
  const user = useAppSelector(selectUser);
  const { pathname, search } = useLocation();
  if (session === "checking") return <Loader />;
  if (session === "guest" || !user) return <Navigate to={`/login${redirectQuery(pathname + search)}`} replace />;
  return children(user);
}

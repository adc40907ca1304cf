import { Fragment, type ReactNode } from "react";
import { useLanguage } from "./index.ts";

/**
 * Renders its children again from scratch when the language changes, so every text (read with
 * `t()` during render) is in the new language. Redux keeps the cart, the session and the API cache.
 */
export function LanguageRoot({ children }: { children: ReactNode }) {
  const language = useLanguage();
  return <Fragment key={language}>{children}</Fragment>;
}

import { useEffect } from "react";
import { useLocation, useNavigate } from "react-router";
import { selectUser } from "../features/auth/index.ts";
import { LANGUAGE_PARAM, type Language, useLanguage } from "../i18n/index.ts";
import { api } from "./api.ts";
import { useAppSelector } from "./hooks.ts";

const languageApi = api.injectEndpoints({
  endpoints: (build) => ({
    saveLanguage: build.mutation<unknown, Language>({
      query: (language) => ({ url: "/users/profile/language/", method: "PUT", body: { language } }),
    }),
  }),
});

/**
 * Keeps the signed-in customer's account in the language they use here, so the shop's e-mails
 * (order updates, password resets) arrive in it: after a switch, and after signing in on a device
 * set to the other language. Keeps the address of a public page in it too (see useLanguageAddress).
 */
export function useLanguageSync(): void {
  const user = useAppSelector(selectUser);
  const language = useLanguage();
  const [save] = languageApi.useSaveLanguageMutation();
  const id = user?.id;
  const saved = user?.language;
  useEffect(() => {
    if (id !== undefined && saved !== language) void save(language);
  }, [id, saved, language, save]);
  useLanguageAddress(language);
}

/** The pages with an address in each language (the server renders them): the list and a product. */
export function hasLanguageAddress(pathname: string): boolean {
  return pathname === "/" || /^\/product\/[^/]+\/?$/.test(pathname);
}

/**
 * A public page's address names its language (?lang=hi; English names none), so a link copied or
 * shared opens in the language it was read in: after the switch, and after following a link.
 */
function useLanguageAddress(language: Language): void {
  const { pathname, search, hash } = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    if (!hasLanguageAddress(pathname)) return;
    const params = new URLSearchParams(search);
    const wanted = language === "en" ? null : language;
    if (params.get(LANGUAGE_PARAM) === wanted) return;
    if (wanted) params.set(LANGUAGE_PARAM, wanted);
    else params.delete(LANGUAGE_PARAM);
    const query = params.toString();
    navigate({ pathname, search: query ? `?${query}` : "", hash }, { replace: true });
  }, [language, pathname, search, hash, navigate]);
}

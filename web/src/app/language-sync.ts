import { useEffect } from "react";
import { useLocation, useNavigate } from "react-router";
import { api } from "../base/api.ts";
import { useAppSelector } from "../base/hooks.ts";
import { selectUser } from "../features/auth/index.ts";
import {
  chosenLanguage,
  LANGUAGE_PARAM,
  type Language,
  languageOfAddress,
  rememberLanguage,
  setLanguage,
  useLanguage,
} from "../i18n/index.ts";

const languageApi = api.injectEndpoints({
  endpoints: (build) => ({
    saveLanguage: build.mutation<unknown, Language>({
      query: (language) => ({ url: "/users/profile/language/", method: "PUT", body: { language } }),
    }),
  }),
});

/**
 * Keeps the shopper's language where it is needed (docs/design.md, "Languages"):
 * - the language an address names (?lang=hi, a link from an SMS) is remembered on the device;
 * - the signed-in customer's account is kept in the language they use here, so the shop's
 *   e-mails and texts arrive in it: after a switch, and after signing in on a device where a
 *   language was chosen. A device where none was (no language cookie) takes the account's instead;
 * - the address of a public page names its language (see useLanguageAddress).
 */
export function useLanguageSync(): void {
  const user = useAppSelector(selectUser);
  const language = useLanguage();
  const [save] = languageApi.useSaveLanguageMutation();
  const { search } = useLocation();
  const id = user?.id;
  const saved = user?.language;
  // Before the account's: a language named by the address is this device's choice.
  useEffect(() => {
    const named = languageOfAddress(new URLSearchParams(search));
    if (named && named === language && chosenLanguage() !== named) rememberLanguage(named);
  }, [search, language]);
  useEffect(() => {
    if (id === undefined || saved === undefined || saved === language) return;
    if (chosenLanguage() === null) void setLanguage(saved);
    else void save(language);
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
 * Another screen's address keeps the language it was opened in (a link from a message) only while
 * that language is shown: after a switch a reload opens in the language chosen (the cookie's).
 */
function useLanguageAddress(language: Language): void {
  const { pathname, search, hash } = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    const params = new URLSearchParams(search);
    const named = params.get(LANGUAGE_PARAM);
    let wanted: string | null;
    if (hasLanguageAddress(pathname)) wanted = language === "en" ? null : language;
    else wanted = named === language ? named : null;
    if (named === wanted) return;
    if (wanted) params.set(LANGUAGE_PARAM, wanted);
    else params.delete(LANGUAGE_PARAM);
    const query = params.toString();
    navigate({ pathname, search: query ? `?${query}` : "", hash }, { replace: true });
  }, [language, pathname, search, hash, navigate]);
}

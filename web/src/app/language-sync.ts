import { useEffect } from "react";
import { selectUser } from "../features/auth/index.ts";
import { type Language, useLanguage } from "../i18n/index.ts";
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
 * set to the other language.
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
}

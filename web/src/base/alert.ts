import { createAction } from "@reduxjs/toolkit";
import type { Message } from "../i18n/index.ts";
import type { Notice, NoticeValues } from "../lib/notice.ts";

export type AlertVariant = "success" | "danger" | "warning" | "info";

/**
 * The dismissible alert at the top of every page shows one message at a time. The storefront makes
 * it the auth state's message (docs/storefront.md, "Layout" and "Auth state"), so the auth slice
 * keeps it; these actions are how anything else shows or closes it. Messages are catalog ids (with
 * their values), translated when shown, so switching the language changes the alert too.
 */
export const showMessage = createAction(
  "alert/show",
  (message: Message | Notice, variant: AlertVariant = "info", values?: NoticeValues) => ({
    payload: { ...(typeof message === "string" ? { message, values } : message), variant },
  }),
);

export const closeAlert = createAction("alert/close");

import { createAction } from "@reduxjs/toolkit";

export type AlertVariant = "success" | "danger" | "warning" | "info";

/**
 * The dismissible alert at the top of every page shows one message at a time. The spec (§2
 * layout, §4) makes it the auth state's message, so the auth slice keeps it; these actions are how
 * anything else shows or closes it.
 */
export const showMessage = createAction("alert/show", (text: string, variant: AlertVariant = "info") => ({
  payload: { text, variant },
}));

export const closeAlert = createAction("alert/close");

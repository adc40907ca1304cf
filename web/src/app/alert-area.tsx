import { useState } from "react";
import { closeAlert } from "../base/alert.ts";
import { useAppDispatch, useAppSelector } from "../base/hooks.ts";
import { resendVerification } from "../features/auth/index.ts";
import { t } from "../i18n/index.ts";
import { noticeText } from "../lib/api-error.ts";

/**
 * The top alert area: the current auth message (docs/storefront.md, "Layout"), dismissible, in the
 * current language. A sign-in refused because the address is not verified offers to send the link
 * again. Plain Bootstrap markup: this is on every page, so it brings no react-bootstrap components.
 */
export function AlertArea() {
  const { message, values, answer, resendTo, variant } = useAppSelector((state) => state.auth);
  const dispatch = useAppDispatch();
  const [sending, setSending] = useState(false);
  if (!message) return null;

  async function resend(email: string) {
    setSending(true);
    await dispatch(await resendVerification(email));
    setSending(false);
  }

  return (
    <div className={`alert alert-${variant} alert-dismissible mb-3`} role="alert">
      <span>{noticeText({ message, values, answer })}</span>
      {resendTo && (
        <div className="mt-2">
          <button
            type="button"
            className="btn btn-light border"
            style={{ minHeight: 44 }}
            disabled={sending}
            onClick={() => resend(resendTo)}
          >
            {t("Send the link again")}
          </button>
        </div>
      )}
      <button type="button" className="btn-close" aria-label={t("Close alert")} onClick={() => dispatch(closeAlert())} />
    </div>
  );
}

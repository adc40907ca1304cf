import { formatPhone } from "@krishi/contract";
import { useId } from "react";
import { useAppSelector } from "../../base/hooks.ts";
import { Message } from "../../components/message.tsx";
import { type Message as MessageId, t } from "../../i18n/index.ts";
import { errorText } from "../../lib/api-error.ts";
import "./auth.css";
import { selectUser } from "./auth-slice.ts";
import { useSetNoticesMutation } from "./phone-api.ts";

/**
 * The opt-in to order news on WhatsApp (PUT /api/users/profile/notices/ at each change), for a
 * signed-in customer with a mobile number; nothing for one without. Shown on the profile and at
 * Place Order, each with its own words.
 */
export function WhatsAppUpdates({ label }: { label: MessageId }) {
  const user = useAppSelector(selectUser);
  const [setNotices, { isLoading, isSuccess, error, originalArgs }] = useSetNoticesMutation();
  const id = useId();
  if (!user?.phone) return null;
  // While the change is saved, the box shows it; then the account's answer does.
  const checked = isLoading && originalArgs?.whatsapp !== undefined ? originalArgs.whatsapp : user.whatsapp;
  return (
    <div className="mb-3">
      <div className="form-check mb-0">
        <input
          id={id}
          className="form-check-input"
          type="checkbox"
          checked={checked}
          // Not disabled while saving: a disabled box would lose the keyboard's focus.
          onChange={(event) => {
            if (!isLoading) void setNotices({ whatsapp: event.target.checked });
          }}
          aria-describedby={`${id}-to`}
        />
        <label htmlFor={id} className="form-check-label">
          {t(label)}
        </label>
      </div>
      <div id={`${id}-to`} className="form-text">
        {t("Sent to {phone} on WhatsApp.", { phone: formatPhone(user.phone) })}
      </div>
      <div role="status" className="form-text">
        {isSuccess && !isLoading ? (checked ? t("WhatsApp updates are on.") : t("WhatsApp updates are off.")) : ""}
      </div>
      {error && !isLoading && <Message variant="danger">{errorText(error)}</Message>}
    </div>
  );
}

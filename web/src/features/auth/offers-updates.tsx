import { formatPhone } from "@krishi/contract";
import { useId } from "react";
import { useAppSelector } from "../../base/hooks.ts";
import { Message } from "../../components/message.tsx";
import { t } from "../../i18n/index.ts";
import { errorText } from "../../lib/api-error.ts";
import "./auth.css";
import { selectUser } from "./auth-slice.ts";
import { useSetNoticesMutation } from "./phone-api.ts";

/**
 * The opt-in to offers by SMS, the reminder of a cart left behind among them (PUT
 * /api/users/profile/notices/ at each change; off until the customer turns it on), for a
 * signed-in customer with a mobile number; nothing for one without. Each message's "stop" link
 * turns it off too.
 */
export function OffersUpdates() {
  const user = useAppSelector(selectUser);
  const [setNotices, { isLoading, isSuccess, error, originalArgs }] = useSetNoticesMutation();
  const id = useId();
  if (!user?.phone) return null;
  // While the change is saved, the box shows it; then the account's answer does.
  const checked = isLoading && originalArgs?.offers !== undefined ? originalArgs.offers : user.offers;
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
            if (!isLoading) void setNotices({ offers: event.target.checked });
          }}
          aria-describedby={`${id}-to`}
        />
        <label htmlFor={id} className="form-check-label">
          {t("Offers and a reminder of a cart left behind, by SMS")}
        </label>
      </div>
      <div id={`${id}-to`} className="form-text">
        {t("Sent to {phone} by SMS. Each message has a link to stop them.", { phone: formatPhone(user.phone) })}
      </div>
      <div role="status" className="form-text">
        {isSuccess && !isLoading && originalArgs?.offers !== undefined
          ? checked
            ? t("Offers by SMS are on.")
            : t("Offers by SMS are off.")
          : ""}
      </div>
      {error && !isLoading && originalArgs?.offers !== undefined && <Message variant="danger">{errorText(error)}</Message>}
    </div>
  );
}

import { formatPhone } from "@krishi/contract";
import { useId } from "react";
import { useAppSelector } from "../../base/hooks.ts";
import { Message } from "../../components/message.tsx";
import { type Message as MessageId, t } from "../../i18n/index.ts";
import { errorText } from "../../lib/api-error.ts";
import "./auth.css";
import { selectUser } from "./auth-slice.ts";
import { useSetNoticesMutation } from "./phone-api.ts";

/** What a switch of the customer's messages turns on and off, and its words. */
export interface NoticeSwitchTexts {
  setting: "whatsapp" | "offers";
  label: MessageId;
  /** Where the messages go: `{phone}` is the customer's number. */
  to: MessageId;
  on: MessageId;
  off: MessageId;
}

/**
 * A switch of the customer's messages (PUT /api/users/profile/notices/ at each change) for a
 * signed-in customer with a mobile number; nothing for one without. While the change is saved the
 * box shows it, then the account's answer does; the status line and an error speak of this switch
 * only (the profile has two).
 */
export function NoticeSwitch({ setting, label, to, on, off }: NoticeSwitchTexts) {
  const user = useAppSelector(selectUser);
  const [setNotices, { isLoading, isSuccess, error, originalArgs }] = useSetNoticesMutation();
  const id = useId();
  if (!user?.phone) return null;
  const mine = originalArgs?.[setting] !== undefined;
  const checked = isLoading && mine ? (originalArgs?.[setting] as boolean) : user[setting];
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
            if (!isLoading) void setNotices({ [setting]: event.target.checked });
          }}
          aria-describedby={`${id}-to`}
        />
        <label htmlFor={id} className="form-check-label">
          {t(label)}
        </label>
      </div>
      <div id={`${id}-to`} className="form-text">
        {t(to, { phone: formatPhone(user.phone) })}
      </div>
      <div role="status" className="form-text">
        {isSuccess && !isLoading && mine ? (checked ? t(on) : t(off)) : ""}
      </div>
      {error && !isLoading && mine && <Message variant="danger">{errorText(error)}</Message>}
    </div>
  );
}

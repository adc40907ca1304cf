import { Link } from "react-router";
import { Message } from "../../components/message.tsx";
import { t } from "../../i18n/index.ts";

/** The Go Back link above an edit screen, to its list. */
export function GoBack({ to }: { to: string }) {
  return (
    <Link className="btn btn-light border my-3 staff-tap" to={to}>
      <span aria-hidden="true">← </span>
      {t("Go Back")}
    </Link>
  );
}

export function SaveError({ detail }: { detail: string | null }) {
  return detail ? <Message variant="danger">{detail}</Message> : null;
}

/** The server's messages for a group of fields (a fieldset), under it; `id` is what the fieldset's aria-describedby names. */
export function GroupErrors({ id, messages }: { id: string; messages: string[] | undefined }) {
  if (!messages) return null;
  return (
    <div id={id} className="text-danger small mb-2">
      {messages.map((message) => (
        <div key={message}>{message}</div>
      ))}
    </div>
  );
}

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

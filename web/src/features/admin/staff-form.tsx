import { Link } from "react-router";
import { Message } from "../../components/message.tsx";
import { errorText, type FieldErrors, fieldErrors } from "../../lib/api-error.ts";

/** The Go Back link above an edit screen, to its list. */
export function GoBack({ to }: { to: string }) {
  return (
    <Link className="btn btn-light my-3" to={to}>
      Go Back
    </Link>
  );
}

/**
 * A failed save: the server's per-field messages (shown under the fields), and its detail in a red
 * alert unless the messages of a field of the form already say it.
 */
export function saveErrors(error: unknown, formFields: readonly string[]): { fields: FieldErrors; detail: string | null } {
  if (!error) return { fields: {}, detail: null };
  const fields = fieldErrors(error);
  const onFields = formFields.some((field) => fields[field]);
  return { fields, detail: onFields ? null : errorText(error, "detail") };
}

export function SaveError({ detail }: { detail: string | null }) {
  return detail ? <Message variant="danger">{detail}</Message> : null;
}

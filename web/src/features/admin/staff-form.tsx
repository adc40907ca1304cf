import { Link } from "react-router";
import { Message } from "../../components/message.tsx";

/** The Go Back link above an edit screen, to its list. */
export function GoBack({ to }: { to: string }) {
  return (
    <Link className="btn btn-light my-3" to={to}>
      Go Back
    </Link>
  );
}

export function SaveError({ detail }: { detail: string | null }) {
  return detail ? <Message variant="danger">{detail}</Message> : null;
}

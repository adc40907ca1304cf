import { dateOf } from "../../lib/dates.ts";

/** A Paid or Delivered cell of an order table: the date it happened, or a red ✗ ("Not paid"). */
export function DoneCell({ done, at, notDone }: { done: boolean; at: string | null; notDone: string }) {
  if (done) return <>{dateOf(at) || "Yes"}</>;
  return (
    <>
      <span className="text-danger fw-bold" aria-hidden="true">
        ✗
      </span>
      <span className="visually-hidden">{notDone}</span>
    </>
  );
}

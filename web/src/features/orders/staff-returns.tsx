import type { Order, OrderReturn, Refund } from "@krishi/contract";
import { type FormEvent, useId, useState } from "react";
import Button from "react-bootstrap/Button";
import { Message } from "../../components/message.tsx";
import { TextField } from "../../components/text-field.tsx";
import { t } from "../../i18n/index.ts";
import type { FieldErrors } from "../../lib/api-error.ts";
import { formatPrice } from "../../lib/price.ts";
import { saveErrors } from "../../lib/save-errors.ts";
import { RETURN_REASON_LABELS, ReturnStatusBadge } from "./order-status.tsx";
import { useActOnReturnMutation, useMarkRefundPaidMutation } from "./orders-api.ts";
import { returnLineText } from "./returns.tsx";

/** Whether staff have something to do with a return now. */
export function returnNeedsStaff(item: OrderReturn): boolean {
  return item.actions.approve || item.actions.reject || item.actions.receive;
}

/**
 * A return staff may act on, as a region named "Return {id}": what comes back and why, then the
 * moves its `actions` offer: Approve pickup; Reject, which asks for a note the customer reads;
 * Mark received, which refunds the lines and, with "Put the units back on sale" (ticked unless
 * staff untick it), puts them back in stock.
 */
export function StaffReturn({ orderId, item }: { orderId: number; item: OrderReturn }) {
  const [act, { error, isLoading }] = useActOnReturnMutation();
  const [rejecting, setRejecting] = useState(false);
  const [note, setNote] = useState("");
  const [noteProblem, setNoteProblem] = useState<string[] | undefined>();
  const [restock, setRestock] = useState(true);
  const headingId = useId();
  const server = saveErrors(error, ["note"]);

  async function reject(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const text = note.trim();
    if (!text) {
      setNoteProblem([t("Write a note for the customer: why the return is not accepted.")]);
      requestAnimationFrame(() => form.querySelector<HTMLElement>("textarea")?.focus());
      return;
    }
    setNoteProblem(undefined);
    await act({ id: orderId, returnId: item.id, action: "reject", note: text });
  }

  return (
    <section className="staff-return d-grid gap-2 border-top py-3" aria-labelledby={headingId}>
      <div className="d-flex flex-wrap align-items-center gap-2">
        <h3 id={headingId} className="h5 mb-0">
          {t("Return {id}", { id: item.id })}
        </h3>
        <ReturnStatusBadge status={item.status} />
      </div>
      <p className="mb-0">
        {item.lines.map(returnLineText).join(", ")} · {t(RETURN_REASON_LABELS[item.reason])}
      </p>
      {!noteProblem && server.detail && <Message variant="danger">{server.detail}</Message>}
      {item.actions.approve && (
        <Button
          type="button"
          variant="primary"
          disabled={isLoading}
          onClick={() => void act({ id: orderId, returnId: item.id, action: "approve" })}
        >
          {t("Approve pickup")}
        </Button>
      )}
      {item.actions.receive && (
        <>
          <div className="form-check">
            <input
              id={`${headingId}-restock`}
              type="checkbox"
              className="form-check-input"
              checked={restock}
              onChange={(event) => setRestock(event.target.checked)}
            />
            <label htmlFor={`${headingId}-restock`} className="form-check-label">
              {t("Put the units back on sale")}
            </label>
          </div>
          <Button
            type="button"
            variant="primary"
            disabled={isLoading}
            onClick={() => void act({ id: orderId, returnId: item.id, action: "receive", restock })}
          >
            {t("Mark received")}
          </Button>
        </>
      )}
      {item.actions.reject &&
        (rejecting ? (
          <form noValidate onSubmit={(event) => void reject(event)}>
            <TextField
              id={`${headingId}-note`}
              label={t("Note for the customer (why it is not accepted)")}
              rows={3}
              maxLength={500}
              value={note}
              onChange={setNote}
              errors={noteProblem ?? server.fields.note}
            />
            <div className="d-flex flex-wrap gap-2">
              <Button type="submit" variant="danger" disabled={isLoading}>
                {t("Reject return")}
              </Button>
              <Button type="button" variant="outline-secondary" disabled={isLoading} onClick={() => setRejecting(false)}>
                {t("Close")}
              </Button>
            </div>
          </form>
        ) : (
          <Button type="button" variant="outline-danger" onClick={() => setRejecting(true)}>
            {t("Reject")}
          </Button>
        ))}
    </section>
  );
}

/**
 * A refund staff pay by bank transfer (a Cash on Delivery order's), still to be paid: how much,
 * to which account the customer gave, and Mark paid with the transfer's reference (UTR).
 */
export function TransferRefund({ order, refund }: { order: Order; refund: Refund }) {
  const [markPaid, { error, isLoading }] = useMarkRefundPaidMutation();
  const [reference, setReference] = useState("");
  const [checked, setChecked] = useState<FieldErrors | null>(null);
  const headingId = useId();
  const server = saveErrors(error, ["reference"]);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const text = reference.trim();
    const problems: FieldErrors = text ? {} : { reference: [t("Enter the transfer's reference (UTR).")] };
    setChecked(problems);
    if (!text) {
      requestAnimationFrame(() => form.querySelector<HTMLElement>("[aria-invalid=true]")?.focus());
      return;
    }
    await markPaid({ id: order._id, refundId: refund.id, reference: text });
  }

  return (
    <form noValidate onSubmit={(event) => void submit(event)} aria-labelledby={headingId} className="d-grid gap-2 border-top py-3">
      <h3 id={headingId} className="h5 mb-0">
        {t("Refund {amount} by transfer", { amount: formatPrice(refund.amount) })}
      </h3>
      <p className="mb-0">
        {order.refundAccount ? (
          <>
            <strong>{t("Pay to:")} </strong>
            <span className="text-break">{order.refundAccount.display}</span>
          </>
        ) : (
          t("The customer has not given a bank account or UPI id yet.")
        )}
      </p>
      {!checked?.reference && server.detail && <Message variant="danger">{server.detail}</Message>}
      <TextField
        id={`${headingId}-reference`}
        label={t("Transfer reference (UTR)")}
        autoComplete="off"
        maxLength={100}
        value={reference}
        onChange={setReference}
        errors={checked?.reference ?? server.fields.reference}
      />
      <Button type="submit" variant="primary" disabled={isLoading}>
        {t("Mark paid")}
      </Button>
    </form>
  );
}

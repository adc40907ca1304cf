import { formatRupees, type Order } from "@krishi/contract";
import { type KeyboardEvent, useEffect, useRef, useState } from "react";
import Button from "react-bootstrap/Button";
import { Message } from "../../components/message.tsx";
import { TextField } from "../../components/text-field.tsx";
import { t } from "../../i18n/index.ts";
import { errorText } from "../../lib/api-error.ts";
import { refundablePaise } from "./order-status.tsx";
import { useCancelOrderMutation } from "./orders-api.ts";

interface CancelOrderProps {
  order: Order;
  /** Called once the server has cancelled the order (the order then reads again). */
  onCancelled: () => void;
  /** The button's words when not "Cancel Order" (staff: a COD parcel refused at the door). */
  label?: string;
}

/**
 * Cancel Order, shown when the server says this viewer may cancel (`actions.cancel`). It asks first,
 * on the page: "Cancel this order?" with an optional reason, "Yes, cancel order" and "Keep order"
 * (focused, the safe choice; Escape keeps the order too). A paid order is refunded in full.
 */
export function CancelOrder({ order, onCancelled, label }: CancelOrderProps) {
  const [cancelOrder, { error, isLoading, isSuccess }] = useCancelOrderMutation();
  // Until the order reads again as cancelled (and this goes away), nothing more to click.
  const busy = isLoading || isSuccess;
  const [asking, setAsking] = useState(false);
  const [reason, setReason] = useState("");
  const keepButton = useRef<HTMLButtonElement>(null);
  const cancelButton = useRef<HTMLButtonElement>(null);
  // Where focus goes when the question opens or closes; not on the first render.
  const moveFocus = useRef(false);

  useEffect(() => {
    if (!moveFocus.current) return;
    moveFocus.current = false;
    (asking ? keepButton : cancelButton).current?.focus();
  }, [asking]);

  function ask(open: boolean) {
    moveFocus.current = true;
    setAsking(open);
  }

  async function confirm() {
    const text = reason.trim();
    const result = await cancelOrder({ id: order._id, ...(text ? { reason: text } : {}) });
    if (!result.error) onCancelled();
  }

  function onKeyDown(event: KeyboardEvent) {
    if (event.key === "Escape" && !busy) ask(false);
  }

  const refund = order.isPaid ? refundablePaise(order) : 0;
  return (
    <>
      {error && <Message variant="danger">{errorText(error, "detail")}</Message>}
      {asking ? (
        <fieldset className="border border-danger rounded p-3" onKeyDown={onKeyDown}>
          <legend className="float-none w-auto fs-6 fw-semibold px-1 mb-2">{t("Cancel this order?")}</legend>
          {refund > 0 && (
            <p>{t("A full refund of {amount} will be made to the original payment method.", { amount: formatRupees(refund) })}</p>
          )}
          <TextField id="cancel-reason" label={t("Reason (optional)")} maxLength={500} value={reason} onChange={setReason} />
          <div className="d-flex flex-wrap gap-2">
            <Button type="button" variant="danger" disabled={busy} onClick={() => void confirm()}>
              {t("Yes, cancel order")}
            </Button>
            <Button ref={keepButton} type="button" variant="outline-secondary" disabled={busy} onClick={() => ask(false)}>
              {t("Keep order")}
            </Button>
          </div>
        </fieldset>
      ) : (
        <Button ref={cancelButton} type="button" variant="outline-danger" onClick={() => ask(true)}>
          {label ?? t("Cancel Order")}
        </Button>
      )}
    </>
  );
}

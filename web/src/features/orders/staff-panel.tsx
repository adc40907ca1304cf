import { formatRupees, type Order, paiseToDecimal, type Refund, type StaffEvent, tryToPaise } from "@krishi/contract";
import { type FormEvent, type ReactNode, useId, useRef, useState } from "react";
import Button from "react-bootstrap/Button";
import Card from "react-bootstrap/Card";
import { Message } from "../../components/message.tsx";
import { TextField } from "../../components/text-field.tsx";
import { t } from "../../i18n/index.ts";
import { errorText, type FieldErrors } from "../../lib/api-error.ts";
import { formatPrice } from "../../lib/price.ts";
import { saveErrors } from "../../lib/save-errors.ts";
import { CancelOrder } from "./cancel-order.tsx";
import { LinePicker, type PickedLine, type PickedLines, pickedLines } from "./line-picker.tsx";
import { WEB_ADDRESS } from "./order-history.tsx";
import { refundablePaise, STAFF_MOVES } from "./order-status.tsx";
import { newIdempotencyKey, useMoveOrderMutation, useRefundOrderMutation } from "./orders-api.ts";
import { returnNeedsStaff, StaffReturn, TransferRefund } from "./staff-returns.tsx";

interface StaffPanelProps {
  order: Order;
  onCancelled: () => void;
}

/**
 * Staff's actions on an order, each where the order's `actions` offer it: every move of
 * STAFF_MOVES in its order (one tap each: Cash received, Mark As Packed, Mark As Delivered…; the
 * Ship form; Cancel Order — for a COD parcel shipped and unpaid, the customer refused it at the
 * door and its stock goes back), a refund of an amount or of lines before cancelling; then each
 * return staff may act on, and each refund by transfer still to be paid.
 */
export function StaffPanel({ order, onCancelled }: StaffPanelProps) {
  // Here rather than in each button: the result of a tap stays once its button has gone.
  const [move, moved] = useMoveOrderMutation();
  const { actions } = order;
  const cod = order.paymentMethod === "COD";
  const returns = order.returns.filter(returnNeedsStaff);
  // A refund by transfer waits for staff to pay it.
  const transfers = order.refunds.filter((refund) => refund.actions.markPaid);
  const refused = cod && !order.isPaid && order.shipment !== null;
  const offered = (Object.keys(STAFF_MOVES) as StaffEvent[]).filter((event) => actions[event]);
  const cashReceived = moved.originalArgs?.event === "collect" ? moved.data : undefined;
  if (offered.length === 0 && !actions.refund && returns.length === 0 && transfers.length === 0 && !cashReceived) return null;
  const section = (event: StaffEvent): ReactNode => {
    if (event === "ship") return <ShipForm id={order._id} />;
    if (event === "cancel") {
      return (
        <CancelOrder order={order} onCancelled={onCancelled} {...(refused ? { label: t("Refused at the door — return stock") } : {})} />
      );
    }
    const tapped = moved.originalArgs?.event === event;
    return (
      <ActionButton
        label={t(STAFF_MOVES[event])}
        error={tapped ? moved.error : undefined}
        busy={tapped && moved.isLoading}
        onClick={() => void move({ id: order._id, event })}
      />
    );
  };
  return (
    <Card className="mt-3 staff-panel">
      <Card.Body>
        <h2 className="h4">{t("Staff")}</h2>
        {cod && <CashOnDelivery order={order} />}
        {cashReceived && <Message variant="success">{cashReceivedText(cashReceived)}</Message>}
        {/* What waits for staff first: returns to answer, transfers to pay. */}
        {returns.map((item) => (
          <StaffReturn key={item.id} orderId={order._id} item={item} />
        ))}
        {transfers.map((refund) => (
          <TransferRefund key={refund.id} order={order} refund={refund} />
        ))}
        {offered
          .filter((event) => event !== "cancel")
          .map((event) => (
            <Section key={event}>{section(event)}</Section>
          ))}
        {actions.refund && (
          <Section>
            <RefundForm order={order} />
          </Section>
        )}
        {actions.cancel && <Section>{section("cancel")}</Section>}
      </Card.Body>
    </Card>
  );
}

/** "Cash on Delivery" plainly, and while the cash is still to come (not paid, not cancelled: a cancelled order has no steps) what the courier collects. */
function CashOnDelivery({ order }: { order: Order }) {
  const toCollect = !order.isPaid && order.steps.length > 0;
  return (
    <p className="mb-3">
      <span className="badge text-bg-warning fs-6">{t("Cash on Delivery")}</span>{" "}
      {toCollect && t("Collect {amount} in cash on delivery.", { amount: formatPrice(order.totalPrice) })}
    </p>
  );
}

function cashReceivedText(paid: Order): string {
  return paid.invoiceNumber
    ? t("Cash received: the order is paid, and tax invoice {number} issued.", { number: paid.invoiceNumber })
    : t("Cash received: the order is paid.");
}

/** One action of the panel, set apart from the one before by a rule. */
function Section({ children }: { children: ReactNode }) {
  return <div className="d-grid gap-2 border-top py-3">{children}</div>;
}

/** A button that makes one call, with the server's refusal above it. */
function ActionButton({ label, error, busy, onClick }: { label: string; error: unknown; busy: boolean; onClick: () => void }) {
  return (
    <>
      {error ? <Message variant="danger">{errorText(error, "detail")}</Message> : null}
      <Button type="button" variant="primary" disabled={busy} onClick={onClick}>
        {label}
      </Button>
    </>
  );
}

/** A small form of the panel: its heading names it; its fields stack. */
function PanelForm({
  title,
  onSubmit,
  children,
}: {
  title: string;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <form noValidate onSubmit={onSubmit} aria-labelledby={headingId}>
      <h3 id={headingId} className="h5">
        {title}
      </h3>
      {children}
    </form>
  );
}

/** Focuses the first field with a message, so a keyboard user lands where the fix is. */
function focusFirstInvalid(form: HTMLFormElement) {
  form.querySelector<HTMLElement>("[aria-invalid=true]")?.focus();
}

const AWB = /^[A-Za-z0-9-]+$/;
const SHIP_FIELDS = ["courier", "awb", "trackingUrl"] as const;

/** Ship: the courier, the AWB number (letters, digits, hyphens) and, optionally, the tracking page's address. */
function ShipForm({ id }: { id: number }) {
  const [move, { error, isLoading }] = useMoveOrderMutation();
  const [courier, setCourier] = useState("");
  const [awb, setAwb] = useState("");
  const [trackingUrl, setTrackingUrl] = useState("");
  const [checked, setChecked] = useState<FieldErrors>({});
  const server = saveErrors(error, SHIP_FIELDS);
  const fields = Object.keys(checked).length > 0 ? checked : server.fields;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const body = { courier: courier.trim(), awb: awb.trim(), trackingUrl: trackingUrl.trim() };
    const problems: FieldErrors = {};
    if (!body.courier) problems.courier = [t("Enter the courier's name.")];
    if (!AWB.test(body.awb)) problems.awb = [t("Enter the AWB number: letters, digits and hyphens.")];
    if (body.trackingUrl && !WEB_ADDRESS.test(body.trackingUrl)) {
      problems.trackingUrl = [t("Enter an address starting with http:// or https://, or leave it empty.")];
    }
    setChecked(problems);
    if (Object.keys(problems).length > 0) {
      requestAnimationFrame(() => focusFirstInvalid(form));
      return;
    }
    await move({ id, event: "ship", body });
  }

  return (
    <PanelForm title={t("Ship")} onSubmit={(event) => void submit(event)}>
      {!Object.keys(checked).length && server.detail && <Message variant="danger">{server.detail}</Message>}
      <TextField id="ship-courier" label={t("Courier")} maxLength={100} value={courier} onChange={setCourier} errors={fields.courier} />
      <TextField
        id="ship-awb"
        label={t("AWB number")}
        maxLength={100}
        autoCapitalize="characters"
        value={awb}
        onChange={setAwb}
        errors={fields.awb}
      />
      <TextField
        id="ship-tracking-url"
        label={t("Tracking URL (optional)")}
        type="url"
        inputMode="url"
        maxLength={500}
        placeholder="https://"
        value={trackingUrl}
        onChange={setTrackingUrl}
        errors={fields.trackingUrl}
      />
      <Button type="submit" variant="primary" className="w-100" disabled={isLoading}>
        {t(STAFF_MOVES.ship)}
      </Button>
    </PanelForm>
  );
}

const REFUND_FIELDS = ["amount", "lines", "reason"] as const;

type RefundBody = { amount: string; reason: string } | { lines: PickedLine[]; reason: string };

/**
 * Refund part of a paid order: an amount (up to what is left), or lines and how many of their
 * units (the server prices them with their tax). The Idempotency-Key is made when a submission is
 * first sent and sent again with the same body (a retry after an error, a second click), so the
 * server refunds once; a refund made or a changed form takes a new key.
 */
function RefundForm({ order }: { order: Order }) {
  const id = order._id;
  const refundable = order.paidAt !== null ? refundablePaise(order) : 0;
  const [refundOrder, { error, isLoading }] = useRefundOrderMutation();
  const [byLines, setByLines] = useState(false);
  const [amount, setAmount] = useState("");
  const [picked, setPicked] = useState<PickedLines>({});
  const [reason, setReason] = useState("");
  const [checked, setChecked] = useState<FieldErrors>({});
  const [done, setDone] = useState<string | null>(null);
  const submission = useRef<{ key: string; body: string } | null>(null);
  const modeName = useId();
  const server = saveErrors(error, REFUND_FIELDS);
  const fields = Object.keys(checked).length > 0 ? checked : server.fields;
  const limit = formatRupees(refundable);

  function keyFor(body: RefundBody): string {
    const text = JSON.stringify(body);
    if (submission.current?.body === text) return submission.current.key;
    submission.current = { key: newIdempotencyKey(), body: text };
    return submission.current.key;
  }

  /** What the form asks for, or its problems. */
  function check(): { body: RefundBody | null; problems: FieldErrors } {
    const problems: FieldErrors = {};
    const why = reason.trim();
    if (!why) problems.reason = [t("Give a reason for the refund.")];
    if (byLines) {
      const lines = pickedLines(picked, order.orderItems);
      if (lines.length === 0) problems.lines = [t("Choose at least one line to refund.")];
      return { body: Object.keys(problems).length > 0 ? null : { lines, reason: why }, problems };
    }
    const paise = tryToPaise(amount.trim());
    if (paise === null || paise <= 0) problems.amount = [t("Enter an amount in rupees, such as 120.00.")];
    else if (paise > refundable) problems.amount = [t("That is more than is left: up to {amount} can be refunded.", { amount: limit })];
    return { body: paise === null || Object.keys(problems).length > 0 ? null : { amount: paiseToDecimal(paise), reason: why }, problems };
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    setDone(null);
    const { body, problems } = check();
    setChecked(problems);
    if (!body) {
      requestAnimationFrame(() => focusFirstInvalid(form));
      return;
    }
    const result = await refundOrder({ id, ...body, idempotencyKey: keyFor(body) });
    if (result.error) return;
    submission.current = null;
    setAmount("");
    setPicked({});
    setReason("");
    // The refund just made is the order's newest (highest id): its amount is the server's, which prices lines.
    const made = result.data.refunds.reduce<Refund | null>((newest, refund) => (newest && newest.id > refund.id ? newest : refund), null);
    setDone(made ? t("Refund of {amount} recorded.", { amount: formatPrice(made.amount) }) : null);
  }

  const modes = [
    { lines: false, label: t("An amount") },
    { lines: true, label: t("Lines") },
  ];
  return (
    <PanelForm title={t("Refund")} onSubmit={(event) => void submit(event)}>
      {done && <Message variant="success">{done}</Message>}
      {!Object.keys(checked).length && server.detail && <Message variant="danger">{server.detail}</Message>}
      <fieldset className="mb-2">
        <legend className="fs-6">{t("Refund by")}</legend>
        {modes.map((mode) => (
          <div key={mode.label} className="form-check form-check-inline">
            <input
              id={`${modeName}-${mode.lines ? "lines" : "amount"}`}
              type="radio"
              name={modeName}
              className="form-check-input"
              checked={byLines === mode.lines}
              onChange={() => {
                setChecked({});
                setByLines(mode.lines);
              }}
            />
            <label htmlFor={`${modeName}-${mode.lines ? "lines" : "amount"}`} className="form-check-label">
              {mode.label}
            </label>
          </div>
        ))}
      </fieldset>
      {byLines ? (
        <LinePicker legend={t("Lines to refund")} items={order.orderItems} picked={picked} onChange={setPicked} error={fields.lines?.[0]} />
      ) : (
        <>
          <p id="refund-limit" className="form-text mt-0">
            {t("Up to {amount} can be refunded", { amount: limit })}
          </p>
          <TextField
            id="refund-amount"
            label={t("Amount")}
            inputMode="decimal"
            autoComplete="off"
            aria-describedby={fields.amount ? "refund-amount-errors refund-limit" : "refund-limit"}
            value={amount}
            onChange={setAmount}
            errors={fields.amount}
          />
        </>
      )}
      <TextField id="refund-reason" label={t("Reason")} maxLength={500} value={reason} onChange={setReason} errors={fields.reason} />
      <Button type="submit" variant="primary" className="w-100" disabled={isLoading}>
        {t("Refund")}
      </Button>
    </PanelForm>
  );
}

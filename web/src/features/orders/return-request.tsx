import { MAX_RETURN_PHOTOS, type Order, type ReturnReason } from "@krishi/contract";
import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import Button from "react-bootstrap/Button";
import { Message } from "../../components/message.tsx";
import { TextField } from "../../components/text-field.tsx";
import { t } from "../../i18n/index.ts";
import type { FieldErrors } from "../../lib/api-error.ts";
import { saveErrors } from "../../lib/save-errors.ts";
import { LinePicker, type PickedLines, pickedLines } from "./line-picker.tsx";
import { RETURN_REASON_LABELS } from "./order-status.tsx";

/** The reasons in the order the labels give them (the contract's list, typed there; not imported so the first page does not carry it). */
const REASONS = Object.keys(RETURN_REASON_LABELS) as ReturnReason[];

import { useRequestReturnMutation } from "./orders-api.ts";
import { ACCOUNT_FIELDS, type AccountDraft, checkAccount, EMPTY_ACCOUNT, RefundAccountFields } from "./refund-account.tsx";

const RETURN_FIELDS = ["lines", "reason", "details", "photos", "refundTo", ...ACCOUNT_FIELDS] as const;

/**
 * Return items (the owner, while the server offers it): a button that opens the form, which asks
 * which lines and how many of each, why (damaged, wrong item, expired, other), the customer's
 * own words and up to 3 photos, and, for a Cash on Delivery order without one yet, the UPI id or
 * bank account its refund is paid to. Checked before sending; once sent, the order reads again
 * and the return shows among the order's returns.
 */
export function ReturnRequest({ order }: { order: Order }) {
  const [requestReturn, { error, isLoading, reset }] = useRequestReturnMutation();
  const [open, setOpen] = useState(false);
  const [sent, setSent] = useState(false);
  const [picked, setPicked] = useState<PickedLines>({});
  const [reason, setReason] = useState<ReturnReason | null>(null);
  const [details, setDetails] = useState("");
  const [photos, setPhotos] = useState<File[]>([]);
  const [account, setAccount] = useState<AccountDraft>(EMPTY_ACCOUNT);
  const [checked, setChecked] = useState<FieldErrors | null>(null);
  const id = useId();
  const openButton = useRef<HTMLButtonElement>(null);
  const sentMessage = useRef<HTMLDivElement>(null);
  const firstBox = useRef<HTMLFormElement>(null);
  // Where focus goes when the form opens or closes; not on the first render.
  const moveFocus = useRef(false);
  const server = saveErrors(error, RETURN_FIELDS);
  const problems = checked ?? server.fields;
  const needsAccount = order.paymentMethod === "COD" && order.refundAccount === null;

  useEffect(() => {
    if (!moveFocus.current) return;
    moveFocus.current = false;
    if (open) firstBox.current?.querySelector<HTMLElement>("input")?.focus();
    else (sent ? sentMessage : openButton).current?.focus();
  }, [open, sent]);

  function show(next: boolean) {
    moveFocus.current = true;
    setOpen(next);
    if (next) {
      setSent(false);
      setChecked(null);
      reset();
    }
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const lines = pickedLines(picked, order.orderItems);
    const found: FieldErrors = {};
    if (lines.length === 0) found.lines = [t("Choose at least one item to return.")];
    if (!reason) found.reason = [t("Choose a reason.")];
    if (photos.length > MAX_RETURN_PHOTOS) {
      found.photos = [t("Choose at most {max} photos.", { max: MAX_RETURN_PHOTOS })];
    }
    const refund = needsAccount ? checkAccount(account) : null;
    Object.assign(found, refund?.problems);
    setChecked(found);
    if (!reason || Object.keys(found).length > 0) {
      requestAnimationFrame(() => form.querySelector<HTMLElement>("[aria-invalid=true]")?.focus());
      return;
    }
    const text = details.trim();
    const result = await requestReturn({
      id: order._id,
      lines,
      reason,
      ...(text ? { details: text } : {}),
      ...(refund?.account ? { refundTo: refund.account } : {}),
      photos,
    });
    if (result.error) {
      setChecked(null);
      return;
    }
    setPicked({});
    setReason(null);
    setDetails("");
    setPhotos([]);
    setAccount(EMPTY_ACCOUNT);
    setSent(true);
    show(false);
  }

  const reasonProblem = problems.reason?.[0];
  const photoProblem = problems.photos?.[0];
  return (
    <div className="return-request">
      {sent && (
        <div ref={sentMessage} tabIndex={-1}>
          <Message variant="success">{t("Your return request is sent. We will tell you when its pickup is arranged.")}</Message>
        </div>
      )}
      {open ? (
        <form ref={firstBox} noValidate onSubmit={(event) => void submit(event)} aria-labelledby={`${id}-title`}>
          <h3 id={`${id}-title`} className="h5">
            {t("Return items")}
          </h3>
          {!checked && server.detail && <Message variant="danger">{server.detail}</Message>}
          <LinePicker
            legend={t("Items to return")}
            items={order.orderItems}
            picked={picked}
            onChange={setPicked}
            error={problems.lines?.[0]}
          />
          <fieldset className="mb-3">
            <legend className="fs-6 fw-semibold">{t("Reason")}</legend>
            {reasonProblem && (
              <div id={`${id}-reason-error`} className="invalid-feedback d-block mb-2">
                {reasonProblem}
              </div>
            )}
            {REASONS.map((value) => (
              <div key={value} className="form-check">
                <input
                  id={`${id}-reason-${value}`}
                  type="radio"
                  name={`${id}-reason`}
                  className={reasonProblem ? "form-check-input is-invalid" : "form-check-input"}
                  checked={reason === value}
                  aria-invalid={reasonProblem ? true : undefined}
                  aria-describedby={reasonProblem ? `${id}-reason-error` : undefined}
                  onChange={() => setReason(value)}
                />
                <label htmlFor={`${id}-reason-${value}`} className="form-check-label">
                  {t(RETURN_REASON_LABELS[value])}
                </label>
              </div>
            ))}
          </fieldset>
          <TextField
            id={`${id}-details`}
            label={t("Details (optional)")}
            rows={3}
            maxLength={1000}
            value={details}
            onChange={setDetails}
            errors={problems.details}
          />
          <div className="mb-3">
            <label htmlFor={`${id}-photos`} className="form-label">
              {t("Photos (optional, up to {max})", { max: MAX_RETURN_PHOTOS })}
            </label>
            <input
              id={`${id}-photos`}
              type="file"
              accept="image/*"
              multiple
              className={photoProblem ? "form-control is-invalid" : "form-control"}
              aria-invalid={photoProblem ? true : undefined}
              aria-describedby={photoProblem ? `${id}-photos-error` : undefined}
              onChange={(event) => setPhotos([...(event.target.files ?? [])])}
            />
            {photoProblem && (
              <div id={`${id}-photos-error`} className="invalid-feedback">
                {photoProblem}
              </div>
            )}
          </div>
          {needsAccount && (
            <RefundAccountFields
              legend={t("Where should we send your refund?")}
              draft={account}
              onChange={setAccount}
              problems={problems}
            />
          )}
          <div className="d-flex flex-wrap gap-2">
            <Button type="submit" variant="primary" disabled={isLoading}>
              {t("Request return")}
            </Button>
            <Button type="button" variant="outline-secondary" disabled={isLoading} onClick={() => show(false)}>
              {t("Close")}
            </Button>
          </div>
        </form>
      ) : (
        <Button ref={openButton} type="button" variant="outline-primary" onClick={() => show(true)}>
          {t("Return items")}
        </Button>
      )}
    </div>
  );
}

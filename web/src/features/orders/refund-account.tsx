import type { Order, RefundAccountInput } from "@krishi/contract";
import { type FormEvent, useId, useState } from "react";
import Button from "react-bootstrap/Button";
import { Message } from "../../components/message.tsx";
import { TextField } from "../../components/text-field.tsx";
import { t } from "../../i18n/index.ts";
import type { FieldErrors } from "../../lib/api-error.ts";
import { saveErrors } from "../../lib/save-errors.ts";
import { useSetRefundAccountMutation } from "./orders-api.ts";

/** A refund account being typed: UPI or a bank account (none chosen yet), and the fields of both. */
export interface AccountDraft {
  kind: "upi" | "bank" | null;
  upi: string;
  accountName: string;
  accountNumber: string;
  ifsc: string;
}

export const EMPTY_ACCOUNT: AccountDraft = { kind: null, upi: "", accountName: "", accountNumber: "", ifsc: "" };

/** The fields' names, as the API's field errors name them too. */
export const ACCOUNT_FIELDS = ["upi", "accountName", "accountNumber", "ifsc"] as const;

// The server's checks, so a typing slip is caught before sending.
const UPI_ID = /^[A-Za-z0-9._-]{2,256}@[A-Za-z][A-Za-z0-9]{1,63}$/;
const ACCOUNT_NUMBER = /^\d{9,18}$/;
const IFSC = /^[A-Za-z]{4}0[A-Za-z0-9]{6}$/;

/** The account to send, or what is wrong with the draft (keyed "refundKind" when neither UPI nor bank is chosen). */
export function checkAccount(draft: AccountDraft): { account: RefundAccountInput | null; problems: FieldErrors } {
  const problems: FieldErrors = {};
  if (draft.kind === "upi") {
    const upi = draft.upi.trim();
    if (!UPI_ID.test(upi)) problems.upi = [t("Enter your UPI id, such as name@okbank.")];
    return { account: problems.upi ? null : { upi }, problems };
  }
  if (draft.kind === "bank") {
    const accountName = draft.accountName.trim();
    const accountNumber = draft.accountNumber.replace(/\s+/g, "");
    const ifsc = draft.ifsc.trim().toUpperCase();
    if (!accountName) problems.accountName = [t("Enter the account holder's name.")];
    if (!ACCOUNT_NUMBER.test(accountNumber)) problems.accountNumber = [t("Enter the account number: 9 to 18 digits.")];
    if (!IFSC.test(ifsc)) problems.ifsc = [t("Enter the IFSC: 11 letters and digits, such as SBIN0001234.")];
    return { account: Object.keys(problems).length > 0 ? null : { accountName, accountNumber, ifsc }, problems };
  }
  problems.refundKind = [t("Choose UPI or a bank account.")];
  return { account: null, problems };
}

interface AccountFieldsProps {
  draft: AccountDraft;
  onChange: (draft: AccountDraft) => void;
  problems: FieldErrors;
  legend: string;
}

/** UPI or bank account (radio buttons), then the chosen one's fields. */
export function RefundAccountFields({ draft, onChange, problems, legend }: AccountFieldsProps) {
  const id = useId();
  const set = (change: Partial<AccountDraft>) => onChange({ ...draft, ...change });
  const kindProblem = problems.refundKind?.[0];
  const kinds = [
    { kind: "upi", label: t("UPI") },
    { kind: "bank", label: t("Bank account") },
  ] as const;
  return (
    <fieldset className="mb-3">
      <legend className="fs-6 fw-semibold">{legend}</legend>
      {kindProblem && (
        <div id={`${id}-kind-error`} className="invalid-feedback d-block mb-2">
          {kindProblem}
        </div>
      )}
      <div className="mb-2">
        {kinds.map(({ kind, label }) => (
          <div key={kind} className="form-check form-check-inline">
            <input
              id={`${id}-kind-${kind}`}
              type="radio"
              name={`${id}-kind`}
              className={kindProblem ? "form-check-input is-invalid" : "form-check-input"}
              checked={draft.kind === kind}
              aria-invalid={kindProblem ? true : undefined}
              aria-describedby={kindProblem ? `${id}-kind-error` : undefined}
              onChange={() => set({ kind })}
            />
            <label htmlFor={`${id}-kind-${kind}`} className="form-check-label">
              {label}
            </label>
          </div>
        ))}
      </div>
      {draft.kind === "upi" && (
        <TextField
          id={`${id}-upi`}
          label={t("UPI id")}
          autoComplete="off"
          autoCapitalize="none"
          placeholder="name@okbank"
          maxLength={100}
          value={draft.upi}
          onChange={(upi) => set({ upi })}
          errors={problems.upi}
        />
      )}
      {draft.kind === "bank" && (
        <>
          <TextField
            id={`${id}-name`}
            label={t("Account holder's name")}
            autoComplete="name"
            maxLength={100}
            value={draft.accountName}
            onChange={(accountName) => set({ accountName })}
            errors={problems.accountName}
          />
          <TextField
            id={`${id}-number`}
            label={t("Account number")}
            inputMode="numeric"
            autoComplete="off"
            value={draft.accountNumber}
            onChange={(accountNumber) => set({ accountNumber })}
            errors={problems.accountNumber}
          />
          <TextField
            id={`${id}-ifsc`}
            label={t("IFSC")}
            autoComplete="off"
            autoCapitalize="characters"
            value={draft.ifsc}
            onChange={(ifsc) => set({ ifsc })}
            errors={problems.ifsc}
          />
        </>
      )}
    </fieldset>
  );
}

/**
 * The owner's account for a Cash on Delivery order's refunds (they are paid by transfer): where
 * they go, and Change to give another. Asked for at once when a refund waits and there is none.
 */
export function RefundAccountPanel({ order }: { order: Order }) {
  const [setAccount, { error, isLoading }] = useSetRefundAccountMutation();
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(EMPTY_ACCOUNT);
  const [checked, setChecked] = useState<FieldErrors | null>(null);
  const [saved, setSaved] = useState(false);
  const headingId = useId();
  const server = saveErrors(error, ACCOUNT_FIELDS);
  const account = order.refundAccount;
  const asking = editing || account === null;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const { account: input, problems } = checkAccount(draft);
    setChecked(problems);
    if (!input) {
      requestAnimationFrame(() => form.querySelector<HTMLElement>("[aria-invalid=true]")?.focus());
      return;
    }
    const result = await setAccount({ id: order._id, account: input });
    if (result.error) return;
    setEditing(false);
    setDraft(EMPTY_ACCOUNT);
    setChecked(null);
    setSaved(true);
  }

  return (
    <section className="panel-card" aria-labelledby={headingId}>
      <h2 id={headingId}>{t("Refund account")}</h2>
      {saved && !asking && <Message variant="success">{t("Saved. Refunds for this order go to this account.")}</Message>}
      {account && (
        <p className="mb-2">
          <strong>{t("Refunds are paid to:")} </strong>
          <span className="text-break">{account.display}</span>
        </p>
      )}
      {asking ? (
        <form noValidate onSubmit={(event) => void submit(event)}>
          {!checked && server.detail && <Message variant="danger">{server.detail}</Message>}
          <RefundAccountFields
            legend={t("Where should we send your refund?")}
            draft={draft}
            onChange={setDraft}
            problems={checked ?? server.fields}
          />
          <div className="d-flex flex-wrap gap-2">
            <Button type="submit" variant="primary" disabled={isLoading}>
              {t("Save refund account")}
            </Button>
            {account && (
              <Button type="button" variant="outline-secondary" onClick={() => setEditing(false)}>
                {t("Close")}
              </Button>
            )}
          </div>
        </form>
      ) : (
        <Button
          type="button"
          variant="outline-primary"
          onClick={() => {
            setSaved(false);
            setEditing(true);
          }}
        >
          {t("Change refund account")}
        </Button>
      )}
    </section>
  );
}

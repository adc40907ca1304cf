import { useState } from "react";
import { Message } from "../../components/message.tsx";
import { TextField } from "../../components/text-field.tsx";
import { type Message as MessageId, t } from "../../i18n/index.ts";

export const PASSWORDS_DO_NOT_MATCH = "Passwords do not match" satisfies MessageId;

/** The longest first or last name the server takes. */
export const NAME_MAX = 150;

/** The e-mail field of the account forms. */
export function EmailField({
  value,
  onChange,
  errors,
}: {
  value: string;
  onChange: (value: string) => void;
  errors?: string[] | undefined;
}) {
  return (
    <TextField
      id="email"
      label={t("Email Address")}
      type="email"
      autoComplete="email"
      required
      value={value}
      onChange={onChange}
      errors={errors}
    />
  );
}

/** A password and its confirmation; `check()` on submit says whether they agree and shows the mismatch message if not. */
export function usePasswordPair() {
  const [password, setPassword] = useState("");
  const [confirm, setConfirm] = useState("");
  const [mismatch, setMismatch] = useState(false);
  return {
    password,
    setPassword,
    confirm,
    setConfirm,
    mismatch,
    check() {
      const same = password === confirm;
      setMismatch(!same);
      return same;
    },
    clear() {
      setPassword("");
      setConfirm("");
    },
  };
}

type PasswordPair = ReturnType<typeof usePasswordPair>;

/** "Passwords do not match", while the last submit's pair differed. */
export function PasswordMismatch({ pair }: { pair: PasswordPair }) {
  return pair.mismatch && <Message variant="danger">{t(PASSWORDS_DO_NOT_MATCH)}</Message>;
}

/** Each pair's input id and its two labels. */
const PAIRS = {
  Password: { id: "password", labels: ["Password", "Confirm Password"] },
  "New Password": { id: "new-password", labels: ["New Password", "Confirm New Password"] },
} as const satisfies Record<string, { id: string; labels: [MessageId, MessageId] }>;

interface PasswordPairFieldsProps {
  pair: PasswordPair;
  /** "Password" (and "Confirm Password"), or "New Password" (and "Confirm New Password"). */
  label: keyof typeof PAIRS;
  required?: boolean;
  /** The server's messages for the password, and for its confirmation. */
  errors?: string[] | undefined;
  confirmErrors?: string[] | undefined;
}

/** The password and confirmation fields of the register, sign-up, profile and password forms, with what the server accepts. */
export function PasswordPairFields({ pair, label, required = true, errors, confirmErrors }: PasswordPairFieldsProps) {
  const {
    id,
    labels: [first, second],
  } = PAIRS[label];
  return (
    <>
      <TextField
        id={id}
        label={t(first)}
        type="password"
        autoComplete="new-password"
        required={required}
        value={pair.password}
        onChange={pair.setPassword}
        errors={errors}
        hint={t("At least 8 characters, not only numbers.")}
      />
      <TextField
        id={`confirm-${id}`}
        label={t(second)}
        type="password"
        autoComplete="new-password"
        required={required}
        value={pair.confirm}
        onChange={pair.setConfirm}
        errors={confirmErrors}
      />
    </>
  );
}

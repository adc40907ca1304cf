import { useState } from "react";
import { Message } from "../../components/message.tsx";
import { TextField } from "../../components/text-field.tsx";

export const PASSWORDS_DO_NOT_MATCH = "Passwords do not match";

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
      label="Email Address"
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
  return pair.mismatch && <Message variant="danger">{PASSWORDS_DO_NOT_MATCH}</Message>;
}

const IDS = { Password: "password", "New Password": "new-password" } as const;

interface PasswordPairFieldsProps {
  pair: PasswordPair;
  /** "Password" (and "Confirm Password"), or "New Password" (and "Confirm New Password"). */
  label: keyof typeof IDS;
  required?: boolean;
  /** The server's messages for the password, and for its confirmation. */
  errors?: string[] | undefined;
  confirmErrors?: string[] | undefined;
}

/** The password and confirmation fields of the register, sign-up, profile and password forms. */
export function PasswordPairFields({ pair, label, required = true, errors, confirmErrors }: PasswordPairFieldsProps) {
  const id = IDS[label];
  return (
    <>
      <TextField
        id={id}
        label={label}
        type="password"
        autoComplete="new-password"
        required={required}
        value={pair.password}
        onChange={pair.setPassword}
        errors={errors}
      />
      <TextField
        id={`confirm-${id}`}
        label={`Confirm ${label}`}
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

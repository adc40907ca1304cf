import type { FieldErrors, FieldPath, FieldValues, PathValue, ResolverResult, UseFormReturn } from "react-hook-form";
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

/** The two fields of every password form. */
export interface PasswordPair {
  password: string;
  confirm: string;
}

/**
 * The password forms' own check, as their react-hook-form resolver: the confirmation is the
 * password. What else a password needs is the server's to say (its messages go under the fields).
 */
export function samePasswords<Fields extends PasswordPair>(fields: Fields): ResolverResult<Fields> {
  if (fields.password === fields.confirm) return { values: fields, errors: {} };
  return { values: {}, errors: { confirm: { type: "mismatch", message: PASSWORDS_DO_NOT_MATCH } } as FieldErrors<Fields> };
}

/**
 * What TextField takes from a react-hook-form form: the field's text, and a change that sets it
 * (and drops its message until the next check).
 */
export function textField<Fields extends FieldValues>(form: UseFormReturn<Fields>, name: FieldPath<Fields>) {
  // Registered without an input of its own (TextField is controlled), so resetField and the like know it.
  form.register(name);
  return {
    value: form.watch(name) as string,
    onChange: (value: string) => {
      form.setValue(name, value as PathValue<Fields, FieldPath<Fields>>, { shouldDirty: true });
      form.clearErrors(name);
    },
  };
}

/** "Passwords do not match", while the last submit's pair differed. */
export function PasswordMismatch<Fields extends PasswordPair>({ form }: { form: UseFormReturn<Fields> }) {
  const mismatch = (form.formState.errors as FieldErrors<PasswordPair>).confirm?.type === "mismatch";
  return mismatch && <Message variant="danger">{t(PASSWORDS_DO_NOT_MATCH)}</Message>;
}

/** Each pair's input id and its two labels. */
const PAIRS = {
  Password: { id: "password", labels: ["Password", "Confirm Password"] },
  "New Password": { id: "new-password", labels: ["New Password", "Confirm New Password"] },
} as const satisfies Record<string, { id: string; labels: [MessageId, MessageId] }>;

type TextFieldState = ReturnType<typeof textField>;

interface PasswordPairFieldsProps {
  /** The password's field and its confirmation's (textField of the form). */
  password: TextFieldState;
  confirm: TextFieldState;
  /** "Password" (and "Confirm Password"), or "New Password" (and "Confirm New Password"). */
  label: keyof typeof PAIRS;
  required?: boolean;
  /** The server's messages for the password, and for its confirmation. */
  errors?: string[] | undefined;
  confirmErrors?: string[] | undefined;
}

/** The password and confirmation fields of the register, sign-up, profile and password forms, with what the server accepts. */
export function PasswordPairFields({ password, confirm, label, required = true, errors, confirmErrors }: PasswordPairFieldsProps) {
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
        {...password}
        errors={errors}
        hint={t("At least 8 characters, not only numbers.")}
      />
      <TextField
        id={`confirm-${id}`}
        label={t(second)}
        type="password"
        autoComplete="new-password"
        required={required}
        {...confirm}
        errors={confirmErrors}
      />
    </>
  );
}

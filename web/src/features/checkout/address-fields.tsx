import type { ReactNode, SelectHTMLAttributes } from "react";
import { type Message, t } from "../../i18n/index.ts";
import { ADDRESS_MESSAGES, MISSING_MESSAGES } from "./address-form.ts";

/** Validation messages in the shop's language: the known ones (the server's too) translated, others as they came. */
export function translatedErrors(messages: string[] | undefined): string[] | undefined {
  const known: readonly string[] = [...Object.values(ADDRESS_MESSAGES), ...Object.values(MISSING_MESSAGES)];
  return messages?.map((message) => (known.includes(message) ? t(message as Message) : message));
}

interface SelectFieldProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, "id" | "value" | "onChange"> {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  errors?: string[] | undefined;
  children: ReactNode;
}

/** A labelled select with its validation messages (announced with the field), like TextField's input. */
export function SelectField({ id, label, value, onChange, errors = [], children, ...select }: SelectFieldProps) {
  const invalid = errors.length > 0;
  return (
    <div className="mb-3">
      <label htmlFor={id} className="form-label">
        {label}
      </label>
      <select
        id={id}
        className={invalid ? "form-select is-invalid" : "form-select"}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={invalid || undefined}
        aria-describedby={invalid ? `${id}-errors` : undefined}
        {...select}
      >
        {children}
      </select>
      {invalid && (
        <div id={`${id}-errors`} className="invalid-feedback">
          {errors.map((message) => (
            <div key={message}>{message}</div>
          ))}
        </div>
      )}
    </div>
  );
}

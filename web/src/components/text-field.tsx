import type { InputHTMLAttributes } from "react";

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, "id" | "value" | "onChange"> {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** The server's messages for this field, shown under it. */
  errors?: string[] | undefined;
}

/** A labelled Bootstrap input with its validation messages (announced with the field). */
export function TextField({ id, label, value, onChange, errors = [], ...input }: TextFieldProps) {
  const invalid = errors.length > 0;
  return (
    <div className="mb-3">
      <label htmlFor={id} className="form-label">
        {label}
      </label>
      <input
        id={id}
        className={invalid ? "form-control is-invalid" : "form-control"}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={invalid || undefined}
        aria-describedby={invalid ? `${id}-errors` : undefined}
        {...input}
      />
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

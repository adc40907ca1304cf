import { type InputHTMLAttributes, type TextareaHTMLAttributes, useEffect, useState } from "react";
import { t } from "../i18n/index.ts";

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, "id" | "value" | "onChange"> {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** The server's messages for this field, shown under it. */
  errors?: string[] | undefined;
  /** A line under the field saying what it is for. */
  hint?: string | undefined;
  /** A text of several lines (a textarea) this many rows high. */
  rows?: number | undefined;
}

/**
 * A labelled Bootstrap input (or textarea) with its hint and validation messages (announced with
 * the field). With `maxLength`, a counter ("162 / 200") shows under it once the text reaches 80 %
 * of the limit (a count under every empty field says nothing useful); screen readers hear how
 * many characters are left only near the limit, once typing pauses, not at every keystroke.
 */
export function TextField({ id, label, value, onChange, errors = [], hint, rows, maxLength, ...input }: TextFieldProps) {
  const invalid = errors.length > 0;
  // The limit, once the counter shows.
  const counting = maxLength !== undefined && counterShown(value.length, maxLength) ? maxLength : null;
  const described = [hint && `${id}-hint`, counting !== null && `${id}-limit`, invalid && `${id}-errors`].filter(Boolean).join(" ");
  const common = {
    id,
    className: invalid ? "form-control is-invalid" : "form-control",
    value,
    maxLength,
    "aria-invalid": invalid || undefined,
    "aria-describedby": described || undefined,
  };
  return (
    <div className="mb-3">
      <label htmlFor={id} className="form-label">
        {label}
      </label>
      {rows ? (
        <textarea
          {...common}
          rows={rows}
          onChange={(event) => onChange(event.target.value)}
          {...(input as TextareaHTMLAttributes<HTMLTextAreaElement>)}
        />
      ) : (
        <input {...common} onChange={(event) => onChange(event.target.value)} {...input} />
      )}
      {invalid && (
        <div id={`${id}-errors`} className="invalid-feedback">
          {errors.map((message) => (
            <div key={message}>{message}</div>
          ))}
        </div>
      )}
      {(hint || counting !== null) && (
        <div className="form-text d-flex gap-3 justify-content-between">
          <span id={hint ? `${id}-hint` : undefined}>{hint}</span>
          {counting !== null && <Count id={`${id}-limit`} length={value.length} max={counting} />}
        </div>
      )}
      {maxLength !== undefined && <CharactersLeft length={value.length} max={maxLength} />}
    </div>
  );
}

/** The counter shows from 80 % of the limit on. */
function counterShown(length: number, max: number): boolean {
  return length * 5 >= max * 4;
}

/** Near the limit: the last tenth, and at least the last 10 characters. */
function nearLimit(left: number, max: number): boolean {
  return left <= Math.max(10, Math.ceil(max / 10));
}

const PAUSE_MS = 600;

/** The count and the limit ("162 / 200"), which screen readers hear as the field's limit ("Up to 200 characters"). */
function Count({ id, length, max }: { id: string; length: number; max: number }) {
  const near = nearLimit(Math.max(0, max - length), max);
  return (
    <>
      <span id={id} className="visually-hidden">
        {t("Up to {max} characters", { max: max.toLocaleString("en-IN") })}
      </span>
      {/* Reaching the limit is no error (the field takes no more): near it the count is bolder, in the text's own colour. */}
      <span aria-hidden="true" className={near ? "text-body fw-semibold text-nowrap" : "text-nowrap"}>
        {length.toLocaleString("en-IN")} / {max.toLocaleString("en-IN")}
      </span>
    </>
  );
}

/** Near the limit, the characters left, told to screen readers once typing pauses (a live region, there from the start). */
function CharactersLeft({ length, max }: { length: number; max: number }) {
  const left = Math.max(0, max - length);
  const near = nearLimit(left, max);
  // What screen readers were last told: the characters left, once typing pauses near the limit.
  const [announced, setAnnounced] = useState<number | null>(null);
  useEffect(() => {
    if (!near) return setAnnounced(null);
    const timer = setTimeout(() => setAnnounced(left), PAUSE_MS);
    return () => clearTimeout(timer);
  }, [near, left]);

  return (
    <span className="visually-hidden" aria-live="polite">
      {announced === null
        ? ""
        : t("{count, plural, =0 {No characters left} one {# character left} other {# characters left}}", { count: announced })}
    </span>
  );
}

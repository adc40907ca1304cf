/**
 * A file staff upload (the serviceability table, the shipping rules, the catalogue's sheet and
 * its pictures): its field, the hint saying the file's format, and "Choose a CSV file." (or the
 * form's own words) when the form was sent without one. CSV unless `accept` says otherwise.
 */
import { useState } from "react";
import { t } from "../../i18n/index.ts";

/**
 * A required file field's state: the file chosen, and whether the form was sent without one.
 * `required(form)` answers the file, or marks the field missing, focuses it and answers null;
 * `choose` takes a new choice (and clears the mark).
 */
export function useRequiredFile() {
  const [file, setFile] = useState<File | null>(null);
  const [missing, setMissing] = useState(false);
  const required = (form: HTMLFormElement): File | null => {
    setMissing(!file);
    if (!file) requestAnimationFrame(() => form.querySelector<HTMLElement>("[aria-invalid=true]")?.focus());
    return file;
  };
  const choose = (chosen: File | null) => {
    setFile(chosen);
    setMissing(false);
  };
  return { missing, required, choose };
}

export function CsvFileField({
  id,
  label,
  hint,
  missing,
  onChoose,
  accept = ".csv,text/csv",
  missingText,
}: {
  id: string;
  label: string;
  hint: string;
  missing: boolean;
  onChoose: (file: File | null) => void;
  accept?: string;
  missingText?: string;
}) {
  return (
    <div className="mb-3">
      <label htmlFor={id} className="form-label">
        {label}
      </label>
      <input
        id={id}
        type="file"
        accept={accept}
        className={missing ? "form-control is-invalid staff-tap" : "form-control staff-tap"}
        aria-invalid={missing || undefined}
        aria-describedby={missing ? `${id}-hint ${id}-errors` : `${id}-hint`}
        onChange={(event) => onChoose(event.target.files?.[0] ?? null)}
      />
      {missing && (
        <div id={`${id}-errors`} className="invalid-feedback">
          {missingText ?? t("Choose a CSV file.")}
        </div>
      )}
      <div id={`${id}-hint`} className="form-text">
        {hint}
      </div>
    </div>
  );
}

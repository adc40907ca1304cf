/**
 * A file staff upload (the serviceability table, the shipping rules, the catalogue's sheet and
 * its pictures): its field, the hint saying the file's format, and "Choose a CSV file." (or the
 * form's own words) when the form was sent without one. CSV unless `accept` says otherwise.
 */
import { t } from "../../i18n/index.ts";

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

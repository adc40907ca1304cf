/**
 * A CSV file staff upload (the serviceability table, the shipping rules): its field, the hint
 * saying the file's format, and "Choose a CSV file." when the form was sent without one.
 */
import { t } from "../../i18n/index.ts";

export function CsvFileField({
  id,
  label,
  hint,
  missing,
  onChoose,
}: {
  id: string;
  label: string;
  hint: string;
  missing: boolean;
  onChoose: (file: File | null) => void;
}) {
  return (
    <div className="mb-3">
      <label htmlFor={id} className="form-label">
        {label}
      </label>
      <input
        id={id}
        type="file"
        accept=".csv,text/csv"
        className={missing ? "form-control is-invalid staff-tap" : "form-control staff-tap"}
        aria-invalid={missing || undefined}
        aria-describedby={missing ? `${id}-hint ${id}-errors` : `${id}-hint`}
        onChange={(event) => onChoose(event.target.files?.[0] ?? null)}
      />
      {missing && (
        <div id={`${id}-errors`} className="invalid-feedback">
          {t("Choose a CSV file.")}
        </div>
      )}
      <div id={`${id}-hint`} className="form-text">
        {hint}
      </div>
    </div>
  );
}

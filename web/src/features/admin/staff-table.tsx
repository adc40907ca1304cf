import type { ReactNode } from "react";
import Button from "react-bootstrap/Button";
import { Link } from "react-router";
import { EditIcon, TrashIcon } from "../../components/icons.tsx";
import { type Message, t } from "../../i18n/index.ts";

export interface Column<T> {
  heading: Message;
  cell: (item: T) => ReactNode;
  /** A column of longer texts (names): kept readable in the table, the box scrolls instead. */
  wide?: boolean;
  /** The heading is read out only, and on a phone's card the cell goes without a label (a picture). */
  hideHeading?: boolean;
}

interface StaffTableProps<T> {
  /** What the table lists, naming its scrolling box. */
  label: Message;
  columns: Column<T>[];
  items: T[];
  /** The item's edit screen. */
  editHref: (item: T) => string;
  /** Called once the question `confirmDelete` has been answered OK. */
  onDelete: (item: T) => void;
  confirmDelete: Message;
  /** A deletion is under way: the delete buttons wait. */
  deleting?: boolean;
}

/**
 * A staff list (users, products): the columns, then an edit link and a delete button per row.
 * Wider than its place, the table scrolls sideways inside its own box (which the keyboard can
 * scroll too); on a phone each row is a card (components/card-table.css) with Edit and Delete.
 */
export function StaffTable<T extends { _id: number; name: string }>({
  label,
  columns,
  items,
  editHref,
  onDelete,
  confirmDelete,
  deleting = false,
}: StaffTableProps<T>) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling box must be reachable by keyboard to scroll it
    <section className="staff-scroll position-relative" tabIndex={0} aria-label={t(label)}>
      <table className="table table-striped table-hover table-sm align-middle staff-table card-table">
        <thead>
          <tr>
            {columns.map(({ heading, hideHeading }) => (
              <th key={heading} scope="col">
                {hideHeading ? <span className="visually-hidden">{t(heading)}</span> : t(heading)}
              </th>
            ))}
            <th scope="col">
              <span className="visually-hidden">{t("Actions")}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {items.map((item) => (
            <tr key={item._id}>
              {columns.map(({ heading, cell, wide, hideHeading }) => (
                <td key={heading} className={wide ? "staff-wide" : undefined} data-label={hideHeading ? undefined : t(heading)}>
                  {cell(item)}
                </td>
              ))}
              <td className="text-nowrap card-table__actions">
                <Link
                  className="btn btn-light border btn-sm d-inline-flex align-items-center justify-content-center"
                  to={editHref(item)}
                  aria-label={t("Edit {name}", { name: item.name })}
                >
                  <EditIcon />
                  <span className="card-table__action-text">{t("Edit")}</span>
                </Link>{" "}
                <Button
                  variant="danger"
                  size="sm"
                  aria-label={t("Delete {name}", { name: item.name })}
                  disabled={deleting}
                  onClick={() => {
                    if (window.confirm(t(confirmDelete))) onDelete(item);
                  }}
                >
                  <TrashIcon />
                  <span className="card-table__action-text">{t("Delete")}</span>
                </Button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

/** A yes/no cell: a green check or a red cross, read out as "Yes" or "No". */
export function YesNo({ value }: { value: boolean }) {
  return (
    <>
      <span className={value ? "text-success fw-bold" : "text-danger fw-bold"} aria-hidden="true">
        {value ? "✓" : "✗"}
      </span>
      <span className="visually-hidden">{value ? t("Yes") : t("No")}</span>
    </>
  );
}

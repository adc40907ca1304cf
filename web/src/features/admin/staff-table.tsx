import type { ReactNode } from "react";
import Button from "react-bootstrap/Button";
import { Link } from "react-router";
import { EditIcon, TrashIcon } from "../../components/icons.tsx";

export interface Column<T> {
  heading: string;
  cell: (item: T) => ReactNode;
}

interface StaffTableProps<T> {
  columns: Column<T>[];
  items: T[];
  /** The item's edit screen. */
  editHref: (item: T) => string;
  /** Called once the question `confirmDelete` has been answered OK. */
  onDelete: (item: T) => void;
  confirmDelete: string;
  /** A deletion is under way: the delete buttons wait. */
  deleting?: boolean;
}

/** A staff list (users, products): the columns, then an edit link and a delete button per row. */
export function StaffTable<T extends { _id: number; name: string }>({
  columns,
  items,
  editHref,
  onDelete,
  confirmDelete,
  deleting = false,
}: StaffTableProps<T>) {
  return (
    <div className="table-responsive position-relative">
      <table className="table table-striped table-hover table-sm align-middle">
        <thead>
          <tr>
            {columns.map(({ heading }) => (
              <th key={heading} scope="col">
                {heading}
              </th>
            ))}
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {items.map((item) => (
            <tr key={item._id}>
              {columns.map(({ heading, cell }) => (
                <td key={heading}>{cell(item)}</td>
              ))}
              <td className="text-nowrap">
                <Link className="btn btn-light btn-sm" to={editHref(item)} aria-label={`Edit ${item.name}`}>
                  <EditIcon />
                </Link>{" "}
                <Button
                  variant="danger"
                  size="sm"
                  aria-label={`Delete ${item.name}`}
                  disabled={deleting}
                  onClick={() => {
                    if (window.confirm(confirmDelete)) onDelete(item);
                  }}
                >
                  <TrashIcon />
                </Button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** A yes/no cell: a green check or a red cross, read out as "Yes" or "No". */
export function YesNo({ value }: { value: boolean }) {
  return (
    <>
      <span className={value ? "text-success fw-bold" : "text-danger fw-bold"} aria-hidden="true">
        {value ? "✓" : "✗"}
      </span>
      <span className="visually-hidden">{value ? "Yes" : "No"}</span>
    </>
  );
}

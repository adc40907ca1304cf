import { Children, type ReactNode } from "react";
import Card from "react-bootstrap/Card";

export interface SummaryAmounts {
  items: string;
  shipping: string;
  tax: string;
  total: string;
}

/** The Order Summary card: Items, Shipping, Tax and Total (as shown), then the card's actions. */
export function OrderSummary({ amounts, children }: { amounts: SummaryAmounts; children?: ReactNode }) {
  const rows: [string, string][] = [
    ["Items", amounts.items],
    ["Shipping", amounts.shipping],
    ["Tax", amounts.tax],
    ["Total", amounts.total],
  ];
  return (
    <Card>
      <Card.Body>
        <table className="table mb-0">
          <caption className="caption-top h4 text-body pt-0">Order Summary</caption>
          <tbody>
            {rows.map(([label, amount]) => (
              <tr key={label} className={label === "Total" ? "fw-semibold" : undefined}>
                <th scope="row" className="fw-normal">
                  {label}
                </th>
                <td className="text-end">{amount}</td>
              </tr>
            ))}
          </tbody>
        </table>
        {Children.toArray(children).length > 0 && <div className="d-grid gap-2 mt-3">{children}</div>}
      </Card.Body>
    </Card>
  );
}

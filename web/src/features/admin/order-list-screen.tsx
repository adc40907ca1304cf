import { ORDER_STATUSES, type OrderStatus } from "@krishi/contract";
import Button from "react-bootstrap/Button";
import { useNavigate } from "react-router";
import { Message } from "../../components/message.tsx";
import { Paginate } from "../../components/paginate.tsx";
import { type Message as MessageId, t } from "../../i18n/index.ts";
import { fieldErrors } from "../../lib/api-error.ts";
import { type OrderFlag, OrdersTable, STATUS_LABELS, useGetOrdersQuery } from "../orders/index.ts";
import { RequireStaff } from "./require-staff.tsx";
import { QueryState, SearchForm, useListParams } from "./staff-list.tsx";

/** The filters: each one toggles its query parameter between "false" and absent (either). */
const FILTERS = [
  { param: "paid", label: "Not paid" },
  { param: "delivered", label: "Not delivered" },
] as const satisfies { param: string; label: MessageId }[];

/**
 * /admin/orderlist (staff): every order, newest first, paged; found by ?q= (its number, or the
 * customer's mobile number) and filtered by ?status=, ?paid= and ?delivered=.
 */
export function OrderListScreen() {
  return (
    <RequireStaff>
      <title>{`${t("Orders")} | Krishi Bazaar`}</title>
      <h1>{t("Orders")}</h1>
      <SearchForm label="Search orders" placeholder="Order number or mobile number..." param="q" inputMode="tel" />
      <OrderList />
    </RequireStaff>
  );
}

function OrderList() {
  const { params, page, hrefFor } = useListParams();
  const q = params.get("q")?.trim() || undefined;
  const status = orderStatus(params.get("status"));
  const paid = flag(params.get("paid"));
  const delivered = flag(params.get("delivered"));
  // currentData: never show another page's orders while this one loads.
  const { currentData, error, isFetching } = useGetOrdersQuery({ page, q, status, paid, delivered });
  const filtered = status !== undefined || paid !== undefined || delivered !== undefined;

  return (
    <>
      <Filters params={params} status={status} />
      {/* The server takes an order number or a mobile number: anything else is said plainly. */}
      {q !== undefined && fieldErrors(error).q ? (
        <Message variant="danger">{t("Enter an order number or a mobile number.")}</Message>
      ) : (
        <QueryState data={currentData} error={error} isFetching={isFetching}>
          {(data) =>
            data.orders.length === 0 ? (
              <Message>{q ? t("No orders match the search") : filtered ? t("No orders match the filters") : t("No orders yet")}</Message>
            ) : (
              <>
                <OrdersTable orders={data.orders} staff />
                <Paginate page={data.page} pages={data.pages} hrefFor={hrefFor} />
              </>
            )
          }
        </QueryState>
      )}
    </>
  );
}

/**
 * The State select and the toggle buttons (pressed when on): each change goes back to page 1 and
 * keeps the other filters.
 */
function Filters({ params, status }: { params: URLSearchParams; status: OrderStatus | undefined }) {
  const navigate = useNavigate();
  const go = (change: (next: URLSearchParams) => void) => {
    const next = new URLSearchParams(params);
    next.delete("page");
    change(next);
    const search = next.toString();
    navigate(search ? `/admin/orderlist?${search}` : "/admin/orderlist");
  };
  return (
    // biome-ignore lint/a11y/useSemanticElements: a group of filters applied at once, not a form to submit
    <div role="group" aria-label={t("Filters")} className="d-flex flex-wrap align-items-center gap-2 mb-3 staff-filters">
      <label htmlFor="order-state" className="mb-0">
        {t("State")}
      </label>
      <select
        id="order-state"
        className="form-select w-auto"
        value={status ?? ""}
        onChange={(event) => go((next) => (event.target.value ? next.set("status", event.target.value) : next.delete("status")))}
      >
        <option value="">{t("Any state")}</option>
        {ORDER_STATUSES.map((value) => (
          <option key={value} value={value}>
            {/* The orders feature's words for the states: catalog ids. */}
            {t(STATUS_LABELS[value] as MessageId)}
          </option>
        ))}
      </select>
      {FILTERS.map(({ param, label }) => {
        const on = params.get(param) === "false";
        return (
          <Button
            key={param}
            variant={on ? "primary" : "outline-primary"}
            aria-pressed={on}
            onClick={() => go((next) => (on ? next.delete(param) : next.set(param, "false")))}
          >
            {t(label)}
          </Button>
        );
      })}
    </div>
  );
}

/** A ?status= value as an order state; anything else means any state. */
function orderStatus(value: string | null): OrderStatus | undefined {
  return ORDER_STATUSES.find((status) => status === value);
}

function flag(value: string | null): OrderFlag | undefined {
  return value === "true" || value === "false" ? value : undefined;
}

import Button from "react-bootstrap/Button";
import { useNavigate } from "react-router";
import { Message } from "../../components/message.tsx";
import { Paginate } from "../../components/paginate.tsx";
import { type OrderFlag, OrdersTable, useGetOrdersQuery } from "../orders/index.ts";
import { RequireStaff } from "./require-staff.tsx";
import { QueryState, useListParams } from "./staff-list.tsx";

/** The filters: each one toggles its query parameter between "false" and absent (either). */
const FILTERS = [
  { param: "paid", label: "Not paid" },
  { param: "delivered", label: "Not delivered" },
] as const;

/** /admin/orderlist (staff): every order, newest first, paged; filtered by ?paid= and ?delivered=. */
export function OrderListScreen() {
  return (
    <RequireStaff>
      <title>Orders | Krishi Bazaar</title>
      <h1>Orders</h1>
      <OrderList />
    </RequireStaff>
  );
}

function OrderList() {
  const { params, page, hrefFor } = useListParams();
  const paid = flag(params.get("paid"));
  const delivered = flag(params.get("delivered"));
  // currentData: never show another page's orders while this one loads.
  const { currentData, error, isFetching } = useGetOrdersQuery({ page, paid, delivered });
  const filtered = paid !== undefined || delivered !== undefined;

  return (
    <>
      <Filters params={params} />
      <QueryState data={currentData} error={error} isFetching={isFetching}>
        {(data) =>
          data.orders.length === 0 ? (
            <Message>{filtered ? "No orders match the filters" : "No orders yet"}</Message>
          ) : (
            <>
              <OrdersTable orders={data.orders} staff />
              <Paginate page={data.page} pages={data.pages} hrefFor={hrefFor} />
            </>
          )
        }
      </QueryState>
    </>
  );
}

/** Toggle buttons (pressed when on): each goes back to page 1 and keeps the other filter. */
function Filters({ params }: { params: URLSearchParams }) {
  const navigate = useNavigate();
  return (
    // biome-ignore lint/a11y/useSemanticElements: a group of toggles, not a form
    <div role="group" aria-label="Filters" className="d-flex gap-2 mb-3">
      {FILTERS.map(({ param, label }) => {
        const on = params.get(param) === "false";
        const next = new URLSearchParams(params);
        next.delete("page");
        if (on) next.delete(param);
        else next.set(param, "false");
        const search = next.toString();
        return (
          <Button
            key={param}
            size="sm"
            variant={on ? "dark" : "outline-dark"}
            aria-pressed={on}
            onClick={() => navigate(search ? `/admin/orderlist?${search}` : "/admin/orderlist")}
          >
            {label}
          </Button>
        );
      })}
    </div>
  );
}

function flag(value: string | null): OrderFlag | undefined {
  return value === "true" || value === "false" ? value : undefined;
}

import type { StaffSummary } from "@krishi/contract";
import type { ReactNode } from "react";
import Card from "react-bootstrap/Card";
import Col from "react-bootstrap/Col";
import ListGroup from "react-bootstrap/ListGroup";
import Row from "react-bootstrap/Row";
import { Link } from "react-router";
import { type Message, t } from "../../i18n/index.ts";
import { dateOf } from "../../lib/dates.ts";
import { withPack } from "../../lib/packs.ts";
import { formatPrice } from "../../lib/price.ts";
import { statusLabel } from "../orders/index.ts";
import { useGetStaffSummaryQuery } from "./admin-api.ts";
import { DiscountReport } from "./discount-report.tsx";
import { GstAndDelivery } from "./gst-and-delivery.tsx";
import { RequireStaff } from "./require-staff.tsx";
import { SalesChart } from "./sales-chart.tsx";
import { SearchWords } from "./search-words.tsx";
import { QueryState } from "./staff-list.tsx";

/**
 * /admin (staff): counts, money received per day for 30 days (gross, refunds beside it), paid orders to deliver,
 * Cash on Delivery orders whose cash is still to collect, and products low on stock; then GST and
 * delivery: the GST report (GST mode) and the upload of the PIN codes served; the discounts the
 * offers and coupons gave. Links lead to the catalogue's import and export, the offers and coupons, and the crops and problems.
 */
export function DashboardScreen() {
  return (
    <RequireStaff>
      <title>{`${t("Dashboard")} | Krishi Bazaar`}</title>
      <h1>{t("Dashboard")}</h1>
      {/* The catalogue as a spreadsheet: prices and stock changed in bulk. */}
      <p className="d-grid d-md-block">
        <Link to="/admin/catalogue" className="btn btn-outline-primary staff-tap">
          {t("Import / Export")}
        </Link>{" "}
        <Link to="/admin/promotions" className="btn btn-outline-primary staff-tap">
          {t("Offers and coupons")}
        </Link>{" "}
        <Link to="/admin/crops" className="btn btn-outline-primary staff-tap">
          {t("Crops and problems")}
        </Link>
      </p>
      <Summary />
      <DiscountReport />
      <GstAndDelivery />
      <SearchWords />
    </RequireStaff>
  );
}

function Summary() {
  const { currentData, error, isFetching } = useGetStaffSummaryQuery();
  return (
    <QueryState data={currentData} error={error} isFetching={isFetching}>
      {(summary) => <SummaryView summary={summary} />}
    </QueryState>
  );
}

function SummaryView({ summary }: { summary: StaffSummary }) {
  const { customers, products, salesByDay, ordersToDeliver, toDeliver, lowStock, lowStockThreshold } = summary;
  const { codOrdersToCollect, cashToCollect, codToCollect } = summary;
  return (
    <>
      <Row className="g-3 mb-4">
        <Count label="Customers" value={customers} to="/admin/userlist" />
        <Count label="Products" value={products} to="/admin/productlist" />
        <Count label="To deliver" value={ordersToDeliver} />
      </Row>
      <h2 className="h4">{t("Money received")}</h2>
      <SalesChart days={salesByDay} />
      <Row className="g-4">
        <Col md={6}>
          <Panel title="To deliver" empty={toDeliver.length === 0 ? t("Nothing to deliver") : null}>
            {toDeliver.map((order) => (
              <ListGroup.Item key={order._id} action as={Link} to={`/order/${order._id}`} className="staff-tap">
                {t("Order {id}: {customer}, {total}, paid {date}", {
                  id: order._id,
                  customer: order.customer,
                  total: formatPrice(order.totalPrice),
                  date: dateOf(order.paidAt),
                })}
              </ListGroup.Item>
            ))}
          </Panel>
        </Col>
        {codOrdersToCollect > 0 && (
          <Col md={6}>
            {/* Not paid until staff record the cash: never under "To deliver" (paid) nor in the revenue. */}
            <Panel
              title="Cash on Delivery, to collect"
              note={t("{total} from {orders, plural, one {# order} other {# orders}}", {
                total: formatPrice(cashToCollect),
                orders: codOrdersToCollect,
              })}
              empty={null}
            >
              {codToCollect.map((order) => (
                <ListGroup.Item key={order._id} action as={Link} to={`/order/${order._id}`} className="staff-tap">
                  {t("Order {id}: {customer}, {total}, {state}", {
                    id: order._id,
                    customer: order.customer,
                    total: formatPrice(order.totalPrice),
                    state: statusLabel(order.status),
                  })}
                </ListGroup.Item>
              ))}
            </Panel>
          </Col>
        )}
        <Col md={6}>
          <Panel
            title="Low stock"
            note={t("{count} or fewer in stock", { count: lowStockThreshold })}
            empty={lowStock.length === 0 ? t("No product is low on stock") : null}
          >
            {lowStock.map((product) => (
              <ListGroup.Item
                key={`${product._id}-${product.variant.id}`}
                action
                as={Link}
                to={`/admin/product/${product._id}/edit`}
                className="staff-tap"
              >
                {t("{name}: {count} in stock", { name: withPack(product.name, product.variant.label), count: product.countInStock })}
              </ListGroup.Item>
            ))}
          </Panel>
        </Col>
      </Row>
    </>
  );
}

/** A count, linking to its list when there is one. */
function Count({ label, value, to }: { label: Message; value: number; to?: string }) {
  return (
    <Col xs={6} md={4}>
      <Card body className="h-100">
        {to ? (
          <Link to={to} className="link-secondary stretched-link">
            {t(label)}
          </Link>
        ) : (
          <span className="text-body-secondary">{t(label)}</span>
        )}
        <p className="fs-2 fw-bold mb-0">{value}</p>
      </Card>
    </Col>
  );
}

interface PanelProps {
  title: Message;
  note?: string;
  /** What to say when the list is empty, or null. */
  empty: string | null;
  children: ReactNode;
}

function Panel({ title, note, empty, children }: PanelProps) {
  return (
    <section aria-label={t(title)}>
      <h2 className="h4">
        {t(title)} {note && <small className="text-body-secondary fs-6">({note})</small>}
      </h2>
      {empty ? <p className="text-body-secondary">{empty}</p> : <ListGroup>{children}</ListGroup>}
    </section>
  );
}

import { type Order, paiseToDecimal } from "@krishi/contract";
import { toIso } from "../../db/dialect.ts";
import type { OrderItemRow, OrderRow } from "./repository.ts";

/** The one place that defines the order JSON of DESIGN §5. */
export function orderJson(row: OrderRow, items: OrderItemRow[]): Order {
  const first = row.customer_first_name;
  const last = row.customer_last_name;
  return {
    _id: row.id,
    user: {
      first_name: first,
      last_name: last,
      email: row.customer_email,
      name: `${first} ${last}`.trim() || row.customer_email,
    },
    orderItems: items.map((item) => ({
      product: item.product_id,
      name: item.name,
      image: item.image,
      price: paiseToDecimal(Number(item.price_paise)),
      qty: item.qty,
    })),
    shippingAddress: {
      label: row.ship_label,
      address: row.ship_address,
      city: row.ship_city,
      state: row.ship_state,
      postalCode: row.ship_postal_code,
      pincode: row.ship_postal_code,
      landmark: row.ship_landmark,
      country: row.ship_country,
    },
    paymentMethod: row.payment_method,
    itemsPrice: paiseToDecimal(Number(row.items_paise)),
    shippingPrice: paiseToDecimal(Number(row.shipping_paise)),
    taxPrice: paiseToDecimal(Number(row.tax_paise)),
    totalPrice: paiseToDecimal(Number(row.total_paise)),
    isPaid: Boolean(row.is_paid),
    paidAt: toIso(row.paid_at),
    isDelivered: Boolean(row.is_delivered),
    deliveredAt: toIso(row.delivered_at),
    createdAt: toIso(row.created_at) ?? "",
  };
}

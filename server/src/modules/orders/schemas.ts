import { Type } from "typebox";
import { IsoDate, Money } from "../../lib/schemas.ts";

/** A rupee amount as the client may send it: a number or a decimal string with two places at most. */
export const AmountInput = Type.Union([Type.Number({ minimum: 0, maximum: 1e11 }), Type.String({ pattern: "^\\d{1,11}(\\.\\d{1,2})?$" })]);

export const ShippingAddressInput = Type.Object({
  label: Type.String({ maxLength: 100 }),
  address: Type.String({ maxLength: 500 }),
  city: Type.String({ maxLength: 100 }),
  postalCode: Type.Optional(Type.String({ maxLength: 20 })),
  pincode: Type.Optional(Type.String({ maxLength: 20 })),
  country: Type.String({ maxLength: 100 }),
  state: Type.Optional(Type.String({ maxLength: 100 })),
  landmark: Type.Optional(Type.String({ maxLength: 200 })),
});

export const PlaceOrderBody = Type.Object({
  orderItems: Type.Array(
    Type.Object({
      product: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }),
      qty: Type.Integer({ minimum: 1, maximum: 10_000 }),
      // The client may echo name, price, image …: ignored, the server prices from its database.
    }),
    { maxItems: 100 },
  ),
  shippingAddress: ShippingAddressInput,
  paymentMethod: Type.Optional(Type.Literal("RazorPay")),
  itemsPrice: Type.Optional(AmountInput),
  shippingPrice: Type.Optional(AmountInput),
  taxPrice: Type.Optional(AmountInput),
  totalPrice: AmountInput,
});

const Address = Type.Object({
  label: Type.String(),
  address: Type.String(),
  city: Type.String(),
  state: Type.String(),
  postalCode: Type.String(),
  pincode: Type.String(),
  landmark: Type.String(),
  country: Type.String(),
});

export const OrderSchema = Type.Object({
  _id: Type.Integer(),
  user: Type.Object({ first_name: Type.String(), last_name: Type.String(), email: Type.String(), name: Type.String() }),
  orderItems: Type.Array(
    Type.Object({
      product: Type.Union([Type.Integer(), Type.Null()]),
      name: Type.String(),
      image: Type.String(),
      price: Money,
      qty: Type.Integer(),
    }),
  ),
  shippingAddress: Address,
  paymentMethod: Type.String(),
  itemsPrice: Money,
  shippingPrice: Money,
  taxPrice: Money,
  totalPrice: Money,
  isPaid: Type.Boolean(),
  paidAt: Type.Union([IsoDate, Type.Null()]),
  isDelivered: Type.Boolean(),
  deliveredAt: Type.Union([IsoDate, Type.Null()]),
  createdAt: IsoDate,
});

export const SavedAddressSchema = Type.Object({ id: Type.Integer(), ...Address.properties });

export const PageQuery = Type.Object({
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000, default: 1 })),
  page_size: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
});

export const PaymentProofBody = Type.Object({
  razorpay_order_id: Type.String({ minLength: 1, maxLength: 100 }),
  razorpay_payment_id: Type.String({ minLength: 1, maxLength: 100 }),
  razorpay_signature: Type.String({ minLength: 1, maxLength: 200 }),
});

export const StartPaymentBody = Type.Object({
  amount: Type.Integer({ minimum: 1, maximum: 1e13 }),
  order_id: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }),
});

export const StartPaymentAnswer = Type.Union([
  Type.Object({
    bool: Type.Literal(1),
    data: Type.Object({ id: Type.String(), amount: Type.Integer(), currency: Type.String(), key: Type.String() }),
  }),
  Type.Object({ bool: Type.Literal(0), detail: Type.String(), message: Type.String() }),
]);

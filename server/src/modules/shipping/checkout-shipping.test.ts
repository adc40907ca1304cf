import { paiseToDecimal, priceOrder, type ShippingRuleJson, shippingCharge, shippingRuleOf } from "@krishi/contract";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { authHeaders } from "../../testing/accounts.ts";
import { makeProduct, makeUser } from "../../testing/factories.ts";
import { FARM_ADDRESS } from "../../testing/orders.ts";
import { createTestApp, type TestApp } from "../../testing/test-app.ts";

/** Checkout charges shipping by the shop's rules by weight and zone, as the web's preview does. */

let t: TestApp;
let customer: Record<string, string>;
type Pack = { id: number; pricePaise: number; weightGrams: number };
/** A 45 kg bag of urea at ₹266.50, a 1 kg can of neem oil at ₹150, and 500 g of seeds at ₹60. */
let urea: Pack;
let neem: Pack;
let seeds: Pack;

const NASHIK = FARM_ADDRESS; // PIN 422001
const BENGALURU = { ...FARM_ADDRESS, city: "Bengaluru", postalCode: "560001" };

/** Everywhere: ₹40 up to 5 kg (free above ₹2,000), ₹150 from 5 kg; Nashik's 422: ₹120 from 5 kg. */
const RULES_CSV = "zone,minGrams,maxGrams,charge,freeAbove\n,0,5000,40,2000\n,5000,,150,\n422,5000,,120,\n";

beforeAll(async () => {
  t = await createTestApp();
  customer = await authHeaders(t, (await makeUser(t.database.db)).id);
  const bag = await makeProduct(t.database.db, {
    name: "Urea",
    packs: [{ label: "45 kg", pricePaise: 266_50, weightGrams: 45_000, stock: 100 }],
  });
  const can = await makeProduct(t.database.db, {
    name: "Neem oil",
    packs: [{ label: "1 L", pricePaise: 150_00, weightGrams: 1_000, stock: 100 }],
  });
  const packet = await makeProduct(t.database.db, {
    name: "Seeds",
    packs: [{ label: "500 g", pricePaise: 60_00, weightGrams: 500, stock: 100 }],
  });
  urea = { id: bag.id, pricePaise: 266_50, weightGrams: 45_000 };
  neem = { id: can.id, pricePaise: 150_00, weightGrams: 1_000 };
  seeds = { id: packet.id, pricePaise: 60_00, weightGrams: 500 };
});
afterAll(() => t.close());
beforeEach(async () => {
  // Straight in the table: the rules each process keeps are dropped as another process's change would drop them.
  await t.database.db.deleteFrom("shipping_rules").execute();
  await t.app.services.events.emit("shippingRulesChanged", {});
});

type Line = { product: Pack; qty: number };

/** What the web shows: the rules it reads (GET /api/shipping/rules/) priced by the contract's function. */
async function preview(lines: Line[], pin: string) {
  const rules = ((await t.app.inject({ url: "/api/shipping/rules/" })).json() as ShippingRuleJson[]).map(shippingRuleOf);
  const shipment = {
    weightGrams: lines.reduce((sum, line) => sum + line.product.weightGrams * line.qty, 0),
    pin,
    itemsPaise: lines.reduce((sum, line) => sum + line.product.pricePaise * line.qty, 0),
  };
  const priced = lines.map((line) => ({ pricePaise: line.product.pricePaise, qty: line.qty }));
  return priceOrder(priced, t.config.pricing, { shippingPaise: shippingCharge(rules, shipment, t.config.pricing) });
}

function place(lines: Line[], address: typeof NASHIK, totalPaise: number) {
  return t.app.inject({
    method: "POST",
    url: "/api/orders/add/",
    headers: customer,
    payload: {
      orderItems: lines.map((line) => ({ product: line.product.id, qty: line.qty })),
      shippingAddress: address,
      totalPrice: paiseToDecimal(totalPaise),
    },
  });
}

/** Places the order at the previewed total; answers its shipping price (the server accepted the total). */
async function shippingCharged(lines: Line[], address: typeof NASHIK): Promise<string> {
  const shown = await preview(lines, address.postalCode);
  const res = await place(lines, address, shown.totalPaise);
  expect(res.statusCode, res.body).toBe(201);
  expect(res.json()).toMatchObject({ totalPrice: paiseToDecimal(shown.totalPaise), shippingPrice: paiseToDecimal(shown.shippingPaise) });
  return res.json().shippingPrice;
}

describe("checkout's shipping charge", () => {
  it("without rules is the spec's: ₹10, free above ₹100", async () => {
    expect(await shippingCharged([{ product: urea, qty: 1 }], NASHIK)).toBe("0.00");
    expect(await shippingCharged([{ product: seeds, qty: 1 }], NASHIK)).toBe("10.00");
  });

  it("charges a 45 kg bag of urea its slab, no longer free above ₹100", async () => {
    await t.app.services.shipping.replaceAll(RULES_CSV);
    expect(await shippingCharged([{ product: urea, qty: 1 }], BENGALURU)).toBe("150.00");
    // The total the spec's rule gives (free shipping) is refused, naming the total charged.
    const spec = priceOrder([{ pricePaise: urea.pricePaise, qty: 1 }], t.config.pricing);
    const refused = await place([{ product: urea, qty: 1 }], BENGALURU, spec.totalPaise);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: "price_changed" });
  });

  it("lets the most specific zone with a slab for the weight win, and weighs the lines by pack × qty", async () => {
    await t.app.services.shipping.replaceAll(RULES_CSV);
    expect(await shippingCharged([{ product: urea, qty: 1 }], NASHIK)).toBe("120.00");
    // 422 has no slab for 1 kg: everywhere's.
    expect(await shippingCharged([{ product: neem, qty: 1 }], NASHIK)).toBe("40.00");
    // Six cans weigh 6 kg: the heavier slab; four cans and two packets of seeds 5 kg.
    expect(await shippingCharged([{ product: neem, qty: 6 }], BENGALURU)).toBe("150.00");
    expect(
      await shippingCharged(
        [
          { product: neem, qty: 4 },
          { product: seeds, qty: 2 },
        ],
        BENGALURU,
      ),
    ).toBe("150.00");
    expect(await shippingCharged([{ product: neem, qty: 4 }], BENGALURU)).toBe("40.00");
  });

  it("ships free above the matching rule's free-above amount", async () => {
    await t.app.services.shipping.replaceAll("zone,minGrams,maxGrams,charge,freeAbove\n,0,,40,500\n");
    expect(await shippingCharged([{ product: neem, qty: 3 }], NASHIK)).toBe("40.00");
    expect(await shippingCharged([{ product: neem, qty: 4 }], NASHIK)).toBe("0.00");
  });

  it("prices by the rules this process keeps until a change is announced, and at once after a staff write", async () => {
    expect(await shippingCharged([{ product: seeds, qty: 1 }], NASHIK)).toBe("10.00");
    // Written by another process (straight in the table here): this one learns of it by the shared event.
    await t.database.db
      .insertInto("shipping_rules")
      .values({
        zone: "",
        min_grams: 0,
        max_grams: null,
        charge_paise: 30_00,
        free_above_paise: null,
        created_at: new Date().toISOString(),
      })
      .execute();
    expect(await shippingCharged([{ product: seeds, qty: 1 }], NASHIK)).toBe("10.00");
    await t.app.services.events.emit("shippingRulesChanged", {});
    expect(await shippingCharged([{ product: seeds, qty: 1 }], NASHIK)).toBe("30.00");
    // A staff write through this process counts for its next checkout.
    await t.app.services.shipping.replaceAll("zone,minGrams,maxGrams,charge,freeAbove\n,0,,45,\n");
    expect(await shippingCharged([{ product: seeds, qty: 1 }], NASHIK)).toBe("45.00");
  });

  it("falls back to the spec's rule for a weight no rule covers", async () => {
    await t.app.services.shipping.replaceAll("zone,minGrams,maxGrams,charge,freeAbove\n422,0,5000,25,\n");
    expect(await shippingCharged([{ product: neem, qty: 1 }], NASHIK)).toBe("25.00");
    expect(await shippingCharged([{ product: seeds, qty: 1 }], BENGALURU)).toBe("10.00");
    expect(await shippingCharged([{ product: urea, qty: 1 }], NASHIK)).toBe("0.00");
  });
});

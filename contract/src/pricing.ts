import { allocate, type Paise, percentOf } from "./money.ts";
import { DEFAULT_PRICING, GST_RATES, type PricingRules } from "./pricing-rules.ts";

export interface PricedLine {
  pricePaise: Paise;
  qty: number;
  /** The product's GST rate in percent (GST mode; flat mode ignores it). */
  gstRate?: number;
  /** The line's share of the order's discounts (applyPromotions), taken off its price × qty before tax. */
  discountPaise?: Paise;
}

/**
 * Where the goods are supplied, seen from the seller's state: within it (CGST + SGST, half the
 * rate each) or to another state (IGST).
 */
export type Supply = "intra" | "inter";

export interface PriceOptions {
  supply?: Supply;
  /** The Cash on Delivery fee, charged with shipping. */
  codFeePaise?: Paise;
  /**
   * The shipping charge when the shop's shipping rules (by weight and zone) set it; absent: the
   * rule of `rules` (a flat charge, free above a threshold of the items less their discounts).
   */
  shippingPaise?: Paise;
}

export interface TaxSplit {
  cgstPaise: Paise;
  sgstPaise: Paise;
  igstPaise: Paise;
}

/** The tax of one line, or of the charges (shipping and COD fee). */
export interface TaxedAmount extends TaxSplit {
  taxablePaise: Paise;
  /** The GST rate in percent (0 in flat mode, where tax is not GST). */
  gstRate: number;
  taxPaise: Paise;
}

export interface OrderPrice {
  /** Σ price × qty: what the shopper saw on the shelf (GST inside when taxIncluded). */
  itemsPaise: Paise;
  /** Σ the lines' discounts: taken off the items before tax. */
  discountPaise: Paise;
  shippingPaise: Paise;
  codFeePaise: Paise;
  /** Σ lines' tax + the charges' tax: added to the total, or the GST inside it when taxIncluded. */
  taxPaise: Paise;
  /** items − discount + shipping + COD fee, + tax unless taxIncluded. */
  totalPaise: Paise;
  /** Whether the prices included GST (GST mode with pricesIncludeTax): the tax is inside the total, not added to it. */
  taxIncluded: boolean;
  /**
   * One per input line, in the same order; their taxes add up to taxPaise less the charges'. A
   * line's taxable value is after its discount. When taxIncluded, each line's taxablePaise +
   * taxPaise is its price × qty less its discount exactly.
   */
  lines: TaxedAmount[];
  /** Shipping and COD fee, taxed in GST mode as a composite supply at the highest rate of the lines. */
  charges: TaxedAmount;
  /** Σ CGST, SGST and IGST of lines and charges (all 0 in flat mode). */
  breakup: TaxSplit;
}

/** A taxable amount's GST at `rate` percent: two halves rounded each, or IGST rounded once. */
function gst(taxablePaise: Paise, rate: number, supply: Supply): TaxedAmount {
  const half = supply === "intra" ? percentOf(taxablePaise, rate * 50) : 0;
  const igstPaise = supply === "inter" ? percentOf(taxablePaise, rate * 100) : 0;
  return { taxablePaise, gstRate: rate, cgstPaise: half, sgstPaise: half, igstPaise, taxPaise: half * 2 + igstPaise };
}

/**
 * The GST inside a gross amount (a price that includes it) at `rate` percent: the taxable value is
 * gross × 100 / (100 + rate) rounded half up to the paisa, the tax what is left, so the two add up
 * to the gross exactly. Within the state the tax is halved, the odd paisa going to SGST.
 */
function gstInside(grossPaise: Paise, rate: number, supply: Supply): TaxedAmount {
  const taxablePaise = Number((200n * BigInt(grossPaise) + BigInt(100 + rate)) / BigInt(2 * (100 + rate)));
  const taxPaise = grossPaise - taxablePaise;
  const cgstPaise = supply === "intra" ? Math.floor(taxPaise / 2) : 0;
  const sgstPaise = supply === "intra" ? taxPaise - cgstPaise : 0;
  return { taxablePaise, gstRate: rate, cgstPaise, sgstPaise, igstPaise: supply === "inter" ? taxPaise : 0, taxPaise };
}

const NO_TAX: TaxSplit = { cgstPaise: 0, sgstPaise: 0, igstPaise: 0 };

/**
 * The one pricing rule of the shop, used by the server (the authority) and by the web (display).
 * items = Σ price × qty; each line's discount (its share of the promotions, applyPromotions) is
 * taken off its price × qty before tax; shipping = 0 when items less discounts > the threshold
 * (₹100) else ₹10; a COD fee when asked; total = items − discount + shipping + COD fee + tax. Tax:
 * - flat (the spec's): items × 8.2 % rounded half up to the paisa, shown per line as shares that
 *   add up to it; shipping and the COD fee are not taxed;
 * - gst: each line at its product's rate, CGST and SGST (half the rate each) within the seller's
 *   state or IGST to another, rounded per line; shipping and the COD fee at the highest rate among
 *   the lines (a composite supply). The totals are the sums of the lines, to the paisa.
 * - gst with pricesIncludeTax: the prices (and the charges) already include GST, as an MRP does:
 *   each line's taxable value is found inside its price × qty, rounded per line, and the total is
 *   items + shipping + COD fee, the tax not added again.
 */
export function priceOrder(lines: readonly PricedLine[], rules: PricingRules = DEFAULT_PRICING, options: PriceOptions = {}): OrderPrice {
  const taxables: Paise[] = [];
  let itemsPaise = 0;
  let discountPaise = 0;
  for (const line of lines) {
    if (!Number.isSafeInteger(line.pricePaise) || line.pricePaise < 0) throw new RangeError("price must be whole paise");
    if (!Number.isSafeInteger(line.qty) || line.qty < 1) throw new RangeError("qty must be a positive whole number");
    const discount = line.discountPaise ?? 0;
    if (!Number.isSafeInteger(discount) || discount < 0 || discount > line.pricePaise * line.qty) {
      throw new RangeError("a line's discount must be whole paise within its price × qty");
    }
    itemsPaise += line.pricePaise * line.qty;
    discountPaise += discount;
    taxables.push(line.pricePaise * line.qty - discount);
  }
  const shippingPaise = options.shippingPaise ?? (itemsPaise - discountPaise > rules.freeShippingAbovePaise ? 0 : rules.shippingPaise);
  const codFeePaise = options.codFeePaise ?? 0;
  const chargesPaise = shippingPaise + codFeePaise;

  let taxed: TaxedAmount[];
  let charges: TaxedAmount;
  const taxIncluded = rules.taxMode === "gst" && rules.pricesIncludeTax === true;
  if (rules.taxMode === "gst") {
    const supply = options.supply ?? "intra";
    const tax = taxIncluded ? gstInside : gst;
    taxed = lines.map((line, i) => {
      const rate = line.gstRate ?? 0;
      if (!(GST_RATES as readonly number[]).includes(rate)) throw new RangeError(`not a GST rate: ${rate}`);
      return tax(taxables[i] as Paise, rate, supply);
    });
    charges = tax(chargesPaise, Math.max(0, ...taxed.map((t) => t.gstRate)), supply);
  } else {
    const shares = allocate(percentOf(itemsPaise - discountPaise, rules.taxBasisPoints), taxables);
    taxed = taxables.map((taxablePaise, i) => ({ taxablePaise, gstRate: 0, ...NO_TAX, taxPaise: shares[i] as Paise }));
    charges = { taxablePaise: chargesPaise, gstRate: 0, ...NO_TAX, taxPaise: 0 };
  }
  const all = [...taxed, charges];
  const sum = (key: keyof TaxSplit | "taxPaise") => all.reduce((total, t) => total + t[key], 0);
  const taxPaise = sum("taxPaise");
  return {
    itemsPaise,
    discountPaise,
    shippingPaise,
    codFeePaise,
    taxPaise,
    totalPaise: itemsPaise - discountPaise + chargesPaise + (taxIncluded ? 0 : taxPaise),
    taxIncluded,
    lines: taxed,
    charges,
    breakup: { cgstPaise: sum("cgstPaise"), sgstPaise: sum("sgstPaise"), igstPaise: sum("igstPaise") },
  };
}

/** Within the seller's state or to another, from the two states' GST codes (intra when either is unknown). */
export function supplyBetween(sellerStateCode: string | null, buyerStateCode: string | null): Supply {
  return sellerStateCode && buyerStateCode && sellerStateCode !== buyerStateCode ? "inter" : "intra";
}

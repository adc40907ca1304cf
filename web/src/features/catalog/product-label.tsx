import type { ProductLabel, ProductVariant } from "@krishi/contract";
import { taxAddedPercent, taxOnPrices, useShopConfig } from "../../base/shop-config.ts";
import { localized, type Message, t } from "../../i18n/index.ts";
import { countryName } from "../../lib/address.ts";
import { dayOf } from "../../lib/dates.ts";
import { quantityText } from "../../lib/packs.ts";
import { formatPrice } from "../../lib/price.ts";
import { unitPriceText } from "./pack-chooser.tsx";

/** The label's texts a kind of product shows, beside those every product shows (a seed's lot is not a pesticide's). */
const KIND_FIELDS: Record<ProductLabel["kind"], [keyof ProductLabel, Message][]> = {
  general: [],
  pesticide: [["cibrcNumber", "CIB&RC registration number"]],
  seed: [
    ["seedVariety", "Variety"],
    ["seedLot", "Lot number"],
    ["germinationPercent", "Germination"],
    ["seedTestDate", "Date of test"],
  ],
  fertiliser: [["fcoGrade", "FCO grade"]],
};

/**
 * "Product details": what the Legal Metrology (Packaged Commodities) Rules ask an online shop to
 * show of a packaged product, for the pack chosen (net quantity, MRP — inclusive of all taxes where
 * the shop's prices are, else with the product's tax added at checkout —, unit sale price), then the
 * label's fields that are set, and a regulated input's registration, seed test or grade.
 */
export function ProductLabelDetails({ label, pack, gstRate }: { label: ProductLabel; pack: ProductVariant | undefined; gstRate: number }) {
  const config = useShopConfig();
  const rows: [string, string][] = [];
  const add = (name: Message, value: string | number | null) => {
    if (value !== null && value !== "") rows.push([t(name), String(value)]);
  };
  // The words staff wrote in Hindi on a Hindi page, else the English (a country the shop lists, in the shop's language).
  add("Generic name", localized(label.genericName, label.genericNameHi));
  if (pack) {
    add("Net quantity", quantityText(pack.netQuantity, pack.unit));
    // An MRP includes all taxes only where the shop's prices do; elsewhere the tax comes on top of them.
    const included = taxOnPrices(config) === "included";
    const added = taxAddedPercent(config, gstRate) !== null;
    add(included ? "MRP (inclusive of all taxes)" : added ? "MRP (tax added at checkout)" : "MRP", formatPrice(pack.mrp));
    add("Unit sale price", unitPriceText(pack));
  }
  add("Manufacturer or packer", [label.manufacturer, label.manufacturerAddress].filter(Boolean).join(", "));
  add("Country of origin", localized(countryName(label.countryOfOrigin), label.countryOfOriginHi));
  add("Best before", localized(label.bestBefore, label.bestBeforeHi));
  for (const [field, name] of KIND_FIELDS[label.kind]) {
    const value = label[field];
    if (field === "germinationPercent" && value !== null) add(name, t("{percent}%", { percent: value as number }));
    else add(name, field === "seedTestDate" && typeof value === "string" ? dayOf(value) : value);
  }
  add("Customer care", localized(label.customerCare, label.customerCareHi));
  return (
    <section className="product-label" aria-labelledby="label-heading">
      <h2 id="label-heading" className="h4">
        {t("Product details")}
      </h2>
      <dl className="product-label__list">
        {rows.map(([name, value]) => (
          <div key={name} className="product-label__row">
            <dt>{name}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

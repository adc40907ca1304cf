import { formatRupees, type ProductVariant, tryToPaise, unitSalePrice } from "@krishi/contract";
import { t } from "../../i18n/index.ts";
import { packLabel } from "../../lib/packs.ts";
import { formatPrice } from "../../lib/price.ts";

/**
 * The packs to choose from, as a group of radio buttons (arrow keys move between them): each with
 * its label, price, the MRP struck through with the saving when it sells for less, and the price
 * per kg or litre. A product of one pack shows that pack's label, with nothing to choose.
 */
export function PackChooser({
  packs,
  chosen,
  onChoose,
  form,
}: {
  packs: readonly ProductVariant[];
  chosen: ProductVariant;
  onChoose: (pack: ProductVariant) => void;
  /** The id of the form the choice is sent with (the buttons need not stand inside it). */
  form?: string;
}) {
  if (packs.length < 2) return <p className="pack-single">{t("Pack: {label}", { label: packLabel(chosen.label) })}</p>;
  return (
    <fieldset className="pack-chooser">
      <legend className="pack-chooser__legend">{t("Choose a pack")}</legend>
      {packs.map((pack) => (
        <label key={pack.id} className={pack === chosen ? "pack-option pack-option--chosen" : "pack-option"}>
          <input
            type="radio"
            className="form-check-input"
            name="pack"
            form={form}
            value={pack.id}
            checked={pack === chosen}
            onChange={() => onChoose(pack)}
          />
          <span className="pack-option__label">{packLabel(pack.label)}</span>
          <span className="pack-option__price">{formatPrice(pack.price)}</span>
          <PackSaving pack={pack} />
          <UnitPrice pack={pack} />
          {pack.countInStock < 1 && <span className="pack-option__out">{t("Out of Stock")}</span>}
        </label>
      ))}
    </fieldset>
  );
}

/** The MRP struck through and what the pack saves on it ("Save ₹20.00 (7%)"); nothing when it sells at MRP. */
export function PackSaving({ pack }: { pack: ProductVariant }) {
  const saving = savingOf(pack);
  if (!saving) return null;
  return (
    <span className="pack-saving">
      <span className="visually-hidden">{t("MRP")} </span>
      <s>{formatPrice(pack.mrp)}</s>{" "}
      <span className="pack-saving__amount">
        {t("Save {amount} ({percent}%)", { amount: formatRupees(saving.paise), percent: saving.percent })}
      </span>
    </span>
  );
}

/** What a pack saves on its MRP, in paise and in whole percent; null when it sells at MRP (or above). */
export function savingOf(pack: Pick<ProductVariant, "price" | "mrp">): { paise: number; percent: number } | null {
  const price = tryToPaise(pack.price);
  const mrp = tryToPaise(pack.mrp);
  if (price === null || mrp === null || mrp <= price) return null;
  return { paise: mrp - price, percent: Math.floor(((mrp - price) * 100) / mrp) };
}

/** The unit sale price of a pack ("₹5.92/kg"), the Legal Metrology rules' price per kg, litre or piece; "" when it declares no quantity. */
export function unitPriceText(pack: Pick<ProductVariant, "price" | "netQuantity" | "unit">): string {
  const paise = tryToPaise(pack.price);
  const unit = paise === null ? null : unitSalePrice(paise, pack.netQuantity, pack.unit);
  if (!unit) return "";
  const price = formatRupees(unit.paise);
  return unit.per === "kg" ? t("{price}/kg", { price }) : unit.per === "l" ? t("{price}/l", { price }) : t("{price}/piece", { price });
}

function UnitPrice({ pack }: { pack: ProductVariant }) {
  const text = unitPriceText(pack);
  return text ? <span className="pack-option__unit-price">({text})</span> : null;
}

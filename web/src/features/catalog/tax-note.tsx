import { taxAddedPercent, taxOnPrices, useShopConfig } from "../../base/shop-config.ts";
import { t } from "../../i18n/index.ts";

/**
 * Under a product's price, how it stands to tax. When the shop's prices include GST (GST mode,
 * PRICES_INCLUDE_TAX) the price is what is paid, as on the bag's MRP: "Inclusive of all taxes".
 * Otherwise the tax comes on top at checkout, and the page says so plainly, at its rate: the spec's
 * flat rate, or the product's GST rate (nothing at 0 %). Nothing while the settings load.
 */
export function TaxNote({ gstRate }: { gstRate: number }) {
  const config = useShopConfig();
  const added = taxAddedPercent(config, gstRate);
  const text =
    taxOnPrices(config) === "included"
      ? t("Inclusive of all taxes")
      : added === null
        ? null
        : config?.pricing.taxMode === "gst"
          ? t("Plus {rate}% GST, added at checkout", { rate: added })
          : t("Plus {rate}% tax, added at checkout", { rate: added });
  return text && <p className="product-info__tax-note small text-body-secondary mb-1">{text}</p>;
}

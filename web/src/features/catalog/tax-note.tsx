import { t } from "../../i18n/index.ts";
import { useShopConfig } from "../../lib/shop-config.ts";

/**
 * Under a product's price when the shop's prices include GST (GST mode, PRICES_INCLUDE_TAX): the
 * price is what is paid, as on the bag's MRP. Nothing in the spec's flat mode, nor while the
 * settings load.
 */
export function TaxInclusiveNote() {
  const config = useShopConfig();
  if (config?.pricing.taxMode !== "gst" || config.pricing.pricesIncludeTax !== true) return null;
  return <p className="product-info__tax-note small text-body-secondary mb-1">{t("Inclusive of all taxes")}</p>;
}

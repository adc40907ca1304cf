import type { ShippingAddress } from "@krishi/contract";
import { skipToken } from "@reduxjs/toolkit/query";
import { pinOf, sellsInIndia, useGetPincodeQuery, useShopConfig } from "../../base/shop-config.ts";
import { t, useLanguage } from "../../i18n/index.ts";
import { isIndia } from "../../lib/address.ts";
import { calendarDay, indianDayAfter } from "../../lib/dates.ts";

/**
 * "Delivers by Tuesday, 24 November" on Place Order, before the order is placed: the address's
 * PIN code in the shop's table (GET /api/pincodes/{pin}/, the days it takes there), counted from
 * today in India as the server counts the order's expected day. Only with the India settings on
 * (the spec's shop looks up no PIN codes); nothing when the PIN is not in India, unknown, not
 * served or without a number of days.
 */
export function DeliveryDate({ address }: { address: Pick<ShippingAddress, "postalCode" | "country"> }) {
  useLanguage();
  const config = useShopConfig();
  const pin = config && sellsInIndia(config) && isIndia(address.country) ? pinOf(address.postalCode) : null;
  const { currentData: place } = useGetPincodeQuery(pin ?? skipToken);
  if (!place?.serviceable || place.deliveryDays === null) return null;
  return <p className="placeorder-delivery">{t("Delivers by {date}", { date: calendarDay(indianDayAfter(place.deliveryDays)) })}</p>;
}

import { skipToken } from "@reduxjs/toolkit/query";
import { type FormEvent, useEffect, useState } from "react";
import Button from "react-bootstrap/Button";
import { isUnknownPin, pinOf, sellsInIndia, useGetPincodeQuery, useShopConfig } from "../../base/shop-config.ts";
import { type Language, t, useLanguage } from "../../i18n/index.ts";
import { errorText } from "../../lib/api-error.ts";
import { localWeekDay } from "../../lib/dates.ts";
import { readString, writeString } from "../../lib/storage.ts";

/**
 * The day a parcel arrives `days` days from today, as a shopper reads it: "Thu 26 Nov" (in Hindi
 * "गुरु 26 नव॰").
 */
export function deliveryDay(days: number, language: Language, today = new Date()): string {
  return localWeekDay(new Date(today.getFullYear(), today.getMonth(), today.getDate() + days), language);
}

/** Where the PIN code checked last is kept, so the next product page checks it at once. */
export const DELIVERY_PIN_KEY = "deliveryPin";

/**
 * Check delivery (with the India settings on): a PIN code and Check. It answers when the parcel
 * arrives ("Delivers by Thu 26 Nov") and, when the shop takes Cash on Delivery, whether it does
 * there; or that the shop does not deliver there yet, or that there is no such PIN code. The PIN
 * is remembered and checked again on the next product page.
 */
export function DeliveryCheck() {
  const config = useShopConfig();
  if (!config || !sellsInIndia(config)) return null;
  return <DeliveryCheckForm cod={config.cod.enabled} />;
}

function DeliveryCheckForm({ cod }: { cod: boolean }) {
  const [text, setText] = useState("");
  const [asked, setAsked] = useState<string | null>(null);
  const [invalid, setInvalid] = useState(false);
  const { currentData: place, error, isFetching } = useGetPincodeQuery(asked ?? skipToken);
  const language = useLanguage();

  // The remembered PIN is read after the first render: the server renders the page without it.
  useEffect(() => {
    const saved = readString(DELIVERY_PIN_KEY) ?? "";
    setText(saved);
    setAsked(pinOf(saved));
  }, []);

  useEffect(() => {
    if (place) writeString(DELIVERY_PIN_KEY, place.pin);
  }, [place]);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const pin = pinOf(text);
    setInvalid(pin === null);
    setAsked(pin);
  }

  let answer: { ok: boolean; text: string } | null = null;
  if (asked && !isFetching) {
    if (place?.serviceable) {
      const when =
        place.deliveryDays === null
          ? t("Delivers to {pin}", { pin: place.pin })
          : t("Delivers by {date}", { date: deliveryDay(place.deliveryDays, language) });
      const cash = cod ? (place.cod ? t("Cash on Delivery available") : t("Cash on Delivery not available")) : null;
      answer = { ok: true, text: cash ? `${when} · ${cash}` : when };
    } else if (place) {
      answer = { ok: false, text: t("We do not deliver to {pin} yet", { pin: place.pin }) };
    } else if (error) {
      answer = { ok: false, text: isUnknownPin(error) ? t("PIN code not found") : errorText(error, "detail") };
    }
  }

  return (
    <section className="delivery-check" aria-labelledby="delivery-check-heading">
      <h2 id="delivery-check-heading" className="delivery-check__title">
        {t("Check delivery")}
      </h2>
      <form className="delivery-check__form" noValidate onSubmit={submit}>
        <label htmlFor="delivery-pin" className="visually-hidden">
          {t("Pin Code")}
        </label>
        <input
          id="delivery-pin"
          className={invalid ? "form-control is-invalid" : "form-control"}
          inputMode="numeric"
          autoComplete="postal-code"
          maxLength={6}
          placeholder={t("Pin Code")}
          value={text}
          aria-invalid={invalid || undefined}
          aria-describedby={invalid ? "delivery-pin-error" : undefined}
          onChange={(event) => {
            setText(event.target.value);
            setInvalid(false);
          }}
        />
        <Button type="submit" variant="outline-primary" disabled={isFetching}>
          {t("Check")}
        </Button>
      </form>
      {invalid && (
        <p id="delivery-pin-error" className="delivery-check__result delivery-check__result--no">
          {t("Enter a valid 6-digit PIN code.")}
        </p>
      )}
      <p className={`delivery-check__result delivery-check__result--${answer?.ok ? "ok" : "no"}`} aria-live="polite">
        {answer?.text}
      </p>
    </section>
  );
}

import { formatPhone, PHONE_COUNTRIES, type PhoneCountry, readPhone } from "@krishi/contract";
import { t } from "../../i18n/index.ts";

/** Every country a number may be from: staff call whoever ordered. */
const ANY_COUNTRY = Object.keys(PHONE_COUNTRIES) as PhoneCountry[];

/**
 * A customer's mobile number as staff see it: tap to call (tel:+91…), and a WhatsApp chat beside
 * it. `phone` is a delivery number (10 digits) or a sign-in number (E.164); one that cannot be
 * read as a mobile number is shown as it is.
 */
export function PhoneLink({ phone }: { phone: string }) {
  const reading = readPhone(phone, ANY_COUNTRY);
  if ("error" in reading) return <>{phone}</>;
  const shown = formatPhone(reading.phone);
  return (
    <span className="phone-link">
      <a href={`tel:${reading.phone}`} className="text-nowrap" aria-label={t("Call {phone}", { phone: shown })}>
        {shown}
      </a>{" "}
      <a href={`https://wa.me/${reading.phone.slice(1)}`} target="_blank" rel="noopener" className="text-nowrap">
        WhatsApp <span className="visually-hidden">{t("{phone} (opens in a new tab)", { phone: shown })}</span>
      </a>
    </span>
  );
}

import type { Message as MessageId } from "../../i18n/index.ts";
import { NoticeSwitch } from "./notice-switch.tsx";

/**
 * The opt-in to order news on WhatsApp, for a signed-in customer with a mobile number; nothing for
 * one without. Shown on the profile and at Place Order, each with its own words.
 */
export function WhatsAppUpdates({ label }: { label: MessageId }) {
  return (
    <NoticeSwitch
      setting="whatsapp"
      label={label}
      to="Sent to {phone} on WhatsApp."
      on="WhatsApp updates are on."
      off="WhatsApp updates are off."
    />
  );
}

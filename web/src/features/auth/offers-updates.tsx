import { NoticeSwitch } from "./notice-switch.tsx";

/**
 * The opt-in to offers by SMS, the reminder of a cart left behind among them (off until the
 * customer turns it on), for a signed-in customer with a mobile number; nothing for one without.
 * Each message's "stop" link turns it off too.
 */
export function OffersUpdates() {
  return (
    <NoticeSwitch
      setting="offers"
      label="Offers and a reminder of a cart left behind, by SMS"
      to="Sent to {phone} by SMS. Each message has a link to stop them."
      on="Offers by SMS are on."
      off="Offers by SMS are off."
    />
  );
}

import { Link } from "react-router";
import { Message } from "../../components/message.tsx";
import { t } from "../../i18n/index.ts";

/** "Your cart is empty Go Back", on the cart and place-order screens. */
export function EmptyCartMessage() {
  return (
    <Message>
      {t("Your cart is empty")}{" "}
      <Link to="/" className="alert-link">
        {t("Go Back")}
      </Link>
    </Message>
  );
}

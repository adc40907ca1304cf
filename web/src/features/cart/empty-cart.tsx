import { Link } from "react-router";
import { Message } from "../../components/message.tsx";

/** "Your cart is empty Go Back", on the cart and place-order screens. */
export function EmptyCartMessage() {
  return (
    <Message>
      Your cart is empty{" "}
      <Link to="/" className="alert-link">
        Go Back
      </Link>
    </Message>
  );
}

import type { BuyAgainAnswer } from "@krishi/contract";
import Button from "react-bootstrap/Button";
import { useNavigate } from "react-router";
import { showMessage } from "../../base/alert.ts";
import { api } from "../../base/api.ts";
import { useAppDispatch } from "../../base/hooks.ts";
import { t } from "../../i18n/index.ts";
import { errorNotice } from "../../lib/api-error.ts";
import { buyAgainState, serverChange } from "../cart/index.ts";

/** POST /api/orders/{id}/buy-again/: the order's lines put in the customer's cart (the server's cart answers). */
export const buyAgainApi = api.injectEndpoints({
  endpoints: (build) => ({
    buyAgain: build.mutation<BuyAgainAnswer, number>({ query: (id) => ({ url: `/orders/${id}/buy-again/`, method: "POST" }) }),
  }),
});

interface BuyAgainButtonProps {
  orderId: number;
  /** My Orders names the order in the button's accessible name (a list holds several); the order's page does not need to. */
  named?: boolean;
  className?: string;
}

/**
 * Buy again, one tap: the server puts the order's lines in the cart (packs still sold, as many as
 * are in stock, at today's price), the cart shows its answer, and the shopper is taken to it, where
 * it says what was left out or put in with fewer units (the cart's BuyAgainNotice). A refusal (the
 * order is not theirs, the shop cannot be reached) is said in the top alert.
 */
export function BuyAgainButton({ orderId, named = false, className }: BuyAgainButtonProps) {
  const [buyAgain, { isLoading }] = buyAgainApi.useBuyAgainMutation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();

  async function tap() {
    try {
      const answer = await dispatch(serverChange(() => buyAgain(orderId).unwrap()));
      navigate("/cart", { state: buyAgainState(orderId, answer) });
    } catch (error) {
      dispatch(showMessage(errorNotice(error), "danger"));
    }
  }

  return (
    <Button
      type="button"
      variant="outline-primary"
      className={className}
      disabled={isLoading}
      aria-label={named ? t("Buy again the items of order {id}", { id: orderId }) : undefined}
      onClick={() => void tap()}
    >
      {t("Buy again")}
    </Button>
  );
}

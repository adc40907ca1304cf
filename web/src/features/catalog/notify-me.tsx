import type { Product, ProductVariant } from "@krishi/contract";
import Button from "react-bootstrap/Button";
import { Link } from "react-router";
import { useAppSelector } from "../../base/hooks.ts";
import { Message } from "../../components/message.tsx";
import { t } from "../../i18n/index.ts";
import { errorText } from "../../lib/api-error.ts";
import { selectSession } from "../auth/index.ts";
import { useCancelNotifyMutation, useGetStockAlertsQuery, useNotifyMeMutation } from "./notify-api.ts";

/**
 * "Notify me" beside a pack that is out of stock: one SMS when it is back (then the request
 * ends). Signed out, a link to sign in (by mobile number) that comes back to this pack; signed
 * in, the button, then "We will send you an SMS…" with Cancel. Nothing for a pack in stock.
 */
export function NotifyMe({ product, pack }: { product: Product; pack: ProductVariant }) {
  const signedIn = useAppSelector(selectSession) === "signed-in";
  if (pack.countInStock > 0) return null;
  if (!signedIn) {
    const here = `/product/${product._id}${pack.id === product.variants[0]?.id ? "" : `?pack=${pack.id}`}`;
    return (
      <div>
        <Link className="btn btn-outline-primary" to={`/login?redirect=${encodeURIComponent(here)}`}>
          {t("Notify me when it is back")}
        </Link>
      </div>
    );
  }
  return <NotifyMeSignedIn productId={product._id} pack={pack} />;
}

function NotifyMeSignedIn({ productId, pack }: { productId: number; pack: ProductVariant }) {
  const { currentData: alerts, isLoading } = useGetStockAlertsQuery(productId);
  const [notify, notifying] = useNotifyMeMutation();
  const [cancel, cancelling] = useCancelNotifyMutation();
  const asked = alerts?.variants.includes(pack.id) ?? false;
  const busy = notifying.isLoading || cancelling.isLoading;
  // The last action's refusal, for this pack.
  const failed = [notifying, cancelling].find((state) => state.error && state.originalArgs?.variant === pack.id && !state.isLoading);
  const phoneMissing =
    failed?.error &&
    typeof failed.error === "object" &&
    "data" in failed.error &&
    (failed.error.data as { code?: string })?.code === "phone_required";

  return (
    <div>
      <p role="status" className="mb-2">
        {asked ? t("We will send you an SMS when this pack is back in stock.") : ""}
      </p>
      {asked ? (
        <Button variant="outline-secondary" disabled={busy} onClick={() => void cancel({ productId, variant: pack.id })}>
          {t("Cancel the alert")}
        </Button>
      ) : (
        <Button variant="outline-primary" disabled={busy || isLoading} onClick={() => void notify({ productId, variant: pack.id })}>
          {t("Notify me when it is back")}
        </Button>
      )}
      {failed && (
        <Message variant="danger">
          {errorText(failed.error)}
          {phoneMissing && (
            <>
              {" "}
              <Link to="/profile" className="alert-link">
                {t("Add your mobile number")}
              </Link>
            </>
          )}
        </Message>
      )}
    </div>
  );
}

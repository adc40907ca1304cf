import { Link } from "react-router";

const STEPS = [
  { name: "Login", to: "/login" },
  { name: "Shipping", to: "/shipping" },
  { name: "Payment", to: "/payment" },
  { name: "Place Order", to: "/placeorder" },
] as const;

export type CheckoutStep = (typeof STEPS)[number]["name"];

/**
 * The checkout step bar (spec §2): Login, Shipping, Payment, Place Order. The steps up to the
 * current one are links (the current one marked); the steps beyond it are not reachable yet.
 */
export function CheckoutSteps({ current }: { current: CheckoutStep }) {
  const reached = STEPS.findIndex((step) => step.name === current);
  return (
    <nav aria-label="Checkout steps" className="mb-4">
      <ol className="nav justify-content-center">
        {STEPS.map((step, index) => (
          <li key={step.name} className="nav-item">
            {index <= reached ? (
              <Link
                className={index === reached ? "nav-link active fw-semibold" : "nav-link"}
                to={step.to}
                aria-current={index === reached ? "step" : undefined}
              >
                {step.name}
              </Link>
            ) : (
              <span className="nav-link disabled" aria-disabled="true">
                {step.name}
              </span>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}

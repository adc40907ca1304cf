import type { ReactNode } from "react";

/**
 * A centred column for forms (sign-in, shipping, ...): the whole width on a phone (no padding of
 * its own beside the page's), narrower on wider screens.
 */
export function FormContainer({ children }: { children: ReactNode }) {
  return (
    <div className="row justify-content-center">
      <div className="col-12 col-md-10 col-lg-8 col-xl-7">{children}</div>
    </div>
  );
}

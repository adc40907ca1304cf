import type { ReactNode } from "react";

interface MessageProps {
  variant?: "info" | "danger" | "success" | "warning";
  children: ReactNode;
}

/**
 * An inline message in Bootstrap's alert style; errors use variant "danger" (a red alert,
 * announced at once). Plain markup: react-bootstrap's Alert always brings its fade transition.
 */
export function Message({ variant = "info", children }: MessageProps) {
  return (
    <div className={`alert alert-${variant}`} role={variant === "danger" ? "alert" : "status"}>
      {children}
    </div>
  );
}

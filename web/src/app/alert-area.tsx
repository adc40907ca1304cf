import CloseButton from "react-bootstrap/CloseButton";
import { closeAlert } from "./alert.ts";
import { useAppDispatch, useAppSelector } from "./hooks.ts";

/** The top alert area: the current auth message (spec §2 layout), dismissible. */
export function AlertArea() {
  const { message, variant } = useAppSelector((state) => state.auth);
  const dispatch = useAppDispatch();
  if (!message) return null;
  return (
    <div className={`alert alert-${variant} alert-dismissible mb-3`} role="alert">
      {message}
      <CloseButton aria-label="Close alert" onClick={() => dispatch(closeAlert())} />
    </div>
  );
}

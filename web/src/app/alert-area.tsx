import CloseButton from "react-bootstrap/CloseButton";
import { closeAlert } from "./alert.ts";
import { useAppDispatch, useAppSelector } from "./hooks.ts";

/** The top alert area: the current app message (e.g. sign-in messages), dismissible. */
export function AlertArea() {
  const { message, variant } = useAppSelector((state) => state.alert);
  const dispatch = useAppDispatch();
  if (!message) return null;
  return (
    <div className={`alert alert-${variant} alert-dismissible mb-3`} role="alert">
      {message}
      <CloseButton aria-label="Close alert" onClick={() => dispatch(closeAlert())} />
    </div>
  );
}

import { Component, type ReactNode } from "react";
import { t } from "../i18n/index.ts";

interface Props {
  /** A new key (the next address) clears the error. */
  resetKey: string;
  children: ReactNode;
}

interface State {
  error: Error | null;
  key: string;
}

/**
 * Shown instead of a screen that failed to render or to load (e.g. a chunk that vanished after a
 * deploy); the header and side panel stay usable.
 */
export class ScreenErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, key: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey === state.key ? null : { error: null, key: props.resetKey };
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <>
        <h1>{t("Something went wrong")}</h1>
        <p>{t("This page could not be shown. Please reload it; your cart is safe.")}</p>
        <p className="d-flex flex-wrap gap-2">
          <a className="btn btn-primary" href={window.location.href}>
            {t("Reload the page")}
          </a>
          <a className="btn btn-outline-primary" href="/">
            {t("Back to the shop")}
          </a>
        </p>
      </>
    );
  }
}

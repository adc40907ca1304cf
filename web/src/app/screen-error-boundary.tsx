import { Component, type ReactNode } from "react";

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
        <h1>Something went wrong</h1>
        <p>{this.state.error.message}</p>
        <p>
          <a href={window.location.href}>Reload the page</a> or <a href="/">go back to the shop</a>.
        </p>
      </>
    );
  }
}

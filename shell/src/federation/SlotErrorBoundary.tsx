import { Component, type ErrorInfo, type ReactNode } from 'react';

interface Props {
  /** Renders the message for an error thrown while the remote renders. */
  fallback: (error: Error) => ReactNode;
  /** Changing the key-like value resets the boundary (Retry loads a fresh module). */
  resetKey: number;
  /** Told once per crash (the slot marks itself as failed). */
  onError?: (error: Error) => void;
  children: ReactNode;
}

interface State {
  error: Error | null;
  resetKey: number;
}

/** Contains a crash of one remote to its slot: the navbar and every other remote keep working. */
export class SlotErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey !== state.resetKey ? { error: null, resetKey: props.resetKey } : null;
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('[need40] a remote crashed while rendering', error, info.componentStack);
    this.props.onError?.(error);
  }

  override render(): ReactNode {
    return this.state.error ? this.props.fallback(this.state.error) : this.props.children;
  }
}

/**
 * The whole-app fallback (docs/product.md, crash screen): "Something went wrong." with expandable
 * details. Only a crash in the shell itself reaches it; a remote's crash stays in its slot.
 */
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { MESSAGES } from '@need40/shared';
import styles from './AppErrorBoundary.module.css';

export function ErrorScreen({ error, componentStack }: { error: unknown; componentStack?: string | null }) {
  const text = error instanceof Error ? `${error.name}: ${error.message}\n\n${error.stack ?? ''}` : String(error);
  return (
    <main className={styles.screen} role="alert" data-testid="app-error">
      <h1 className={styles.title}>{MESSAGES.somethingWentWrong}</h1>
      <p>Please reload the page. If it keeps happening, contact us at hello@need40.org.</p>
      <button type="button" className={styles.reload} onClick={() => window.location.reload()}>
        Reload page
      </button>
      <details className={styles.details}>
        <summary>Error details</summary>
        <pre>{text}</pre>
        {componentStack ? <pre>{componentStack}</pre> : null}
      </details>
    </main>
  );
}

interface State {
  error: unknown;
  componentStack: string | null;
}

export class AppErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null, componentStack: null };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error: error ?? new Error('Unknown error') };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('[need40] the shell crashed', error);
    this.setState({ componentStack: info.componentStack ?? null });
  }

  override render(): ReactNode {
    return this.state.error ? <ErrorScreen error={this.state.error} componentStack={this.state.componentStack} /> : this.props.children;
  }
}

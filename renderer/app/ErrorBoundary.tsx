/** Catches a render error in one area and shows what failed, with a way back. */
import { Component, type ErrorInfo, type ReactNode } from 'react';

interface Props {
  readonly children: ReactNode;
  /** Changing this key clears the error (e.g. switching areas). */
  readonly resetKey: string;
}

interface State {
  readonly error: Error | null;
  readonly resetKey: string;
}

export class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: Error): Partial<State> {
    return { error };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey !== state.resetKey ? { error: null, resetKey: props.resetKey } : null;
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('Render failed', error.message, info.componentStack);
  }

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    return (
      <div role="alert" className="error-panel">
        <h2>This screen failed to draw</h2>
        <p>Burrow hit an unexpected error while showing it. Nothing you typed elsewhere is lost.</p>
        <pre className="error-detail">
          {error.name}: {error.message}
        </pre>
        <button type="button" onClick={() => this.setState({ error: null })}>
          Try again
        </button>
      </div>
    );
  }
}

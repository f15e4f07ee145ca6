// A part of the page that fails to render says so, in place, and the rest of
// the inspector keeps working (a hostile server must not blank the page).
import { Component, type ReactNode } from 'react';

interface Props {
  /** What failed, for the message: "The Tools tab", "This content block". */
  what: string;
  /** What the person can do instead (default: try again). */
  action?: { label: string; run: () => void };
  /** The sentence after the error (default: the connection and log are not affected). */
  advice?: string;
  children: ReactNode;
}

export class ErrorBoundary extends Component<Props, { error?: string }> {
  override state: { error?: string } = {};

  static getDerivedStateFromError(error: unknown): { error: string } {
    return { error: error instanceof Error ? error.message : String(error) };
  }

  override render(): ReactNode {
    if (this.state.error === undefined) return this.props.children;
    return (
      <div role="alert" className="render-failure">
        <p>
          {this.props.what} could not be shown ({this.state.error}).{' '}
          {this.props.advice ?? 'The connection and the message log are not affected; the raw frames are in the Log tab.'}
        </p>
        <button
          type="button"
          className="small"
          onClick={() => {
            this.setState({ error: undefined });
            this.props.action?.run();
          }}
        >
          {this.props.action?.label ?? 'Try again'}
        </button>
      </div>
    );
  }
}

// A part of the page that fails to render says so, in place, and the rest of
// the inspector keeps working (a hostile server must not blank the page).
import { Component, type ReactNode } from 'react';

interface Props {
  /** What failed, for the message: "The Tools tab", "This content block". */
  what: string;
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
          {this.props.what} could not be shown ({this.state.error}). The connection and the message log are not affected; the raw frames are in the
          Log tab.
        </p>
        <button type="button" className="small" onClick={() => this.setState({ error: undefined })}>
          Try again
        </button>
      </div>
    );
  }
}

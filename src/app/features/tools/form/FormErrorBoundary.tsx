// If rjsf throws on a schema it cannot handle, say so and offer the JSON view instead of a blank tab.
import { Component, type ReactNode } from 'react';

interface Props {
  onUseJson: () => void;
  children: ReactNode;
}

export class FormErrorBoundary extends Component<Props, { error?: string }> {
  override state: { error?: string } = {};

  static getDerivedStateFromError(error: unknown): { error: string } {
    return { error: error instanceof Error ? error.message : String(error) };
  }

  override render(): ReactNode {
    if (this.state.error === undefined) return this.props.children;
    return (
      <div className="form-crash">
        <p>The form could not be built from this tool's inputSchema ({this.state.error}).</p>
        <button
          type="button"
          className="small"
          onClick={() => {
            this.setState({ error: undefined });
            this.props.onUseJson();
          }}
        >
          Edit the arguments as JSON
        </button>
      </div>
    );
  }
}

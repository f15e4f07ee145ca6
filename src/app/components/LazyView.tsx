// A part of the page whose code loads on demand (its own chunk, through
// import()): says "Loading…" while the chunk comes, and if it does not come,
// says so with a Retry that asks for it again. A failed load is caught here,
// apart from render errors, which stay with the ErrorBoundary around it.
import { Suspense, lazy, useSyncExternalStore, type ComponentType, type LazyExoticComponent } from 'react';

export interface LoadFailureProps {
  /** What did not load, for the message: "The Tools tab". */
  what: string;
  error: unknown;
  onRetry: () => void;
  /** What it means meanwhile, a sentence after the reason. */
  meanwhile?: string;
}

export function LoadFailure({ what, error, onRetry, meanwhile }: LoadFailureProps) {
  const reason = error instanceof Error ? error.message : String(error);
  return (
    <div role="alert" className="render-failure">
      <p>
        {what} could not be loaded ({reason}).{meanwhile ? ` ${meanwhile}` : ''} The page asks the mcpscope proxy for each part when it is first needed: check
        that the proxy is still running, then retry. If it was restarted with a new build, reload the page instead.
      </p>
      <button type="button" className="small" onClick={onRetry}>
        Retry
      </button>
    </div>
  );
}

export function LoadingView({ what }: { what: string }) {
  return (
    <p role="status" className="hint lazy-loading">
      Loading {what}…
    </p>
  );
}

/**
 * A component whose code is fetched the first time it renders. `what` names it in the
 * loading and failure messages ("the Tools tab"); `load` resolves to the component.
 */
export function lazyView<P extends object>(what: string, load: () => Promise<ComponentType<P>>): ComponentType<P> {
  const listeners = new Set<() => void>();
  const make = (): LazyExoticComponent<ComponentType<P>> =>
    lazy(() =>
      load().then(
        (component) => ({ default: component }),
        (error: unknown) => {
          const Failed: ComponentType<P> = () => <LoadFailure what={capitalized(what)} error={error} onRetry={retry} />;
          return { default: Failed };
        },
      ),
    );
  // One lazy component for every instance, so a chunk that loaded once shows at once.
  let current = make();
  let attempt = 0;
  function retry(): void {
    current = make();
    attempt++;
    for (const listener of listeners) listener();
  }
  const getAttempt = () => attempt;
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  };

  function LazyView(props: P) {
    // Re-render with the new lazy component after a Retry (the same answer on a server render).
    useSyncExternalStore(subscribe, getAttempt, getAttempt);
    const View = current;
    return (
      <Suspense fallback={<LoadingView what={what} />}>
        <View {...props} />
      </Suspense>
    );
  }
  LazyView.displayName = `Lazy(${what})`;
  return LazyView;
}

const capitalized = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);

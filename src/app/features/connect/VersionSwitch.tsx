// The server said it does not speak the version asked for (-32022): its own
// list, and a one-click reconnect with each version mcpscope also speaks.

import { useApp } from '../../app-context.js';
import { useConnectionScope } from '../../hooks.js';
import { switchableVersions } from './modern-status.js';

export function VersionSwitch({ requested, supported }: { requested: string | undefined; supported: readonly string[] }) {
  const { connectionPrefs } = useApp();
  const { controller } = useConnectionScope();
  const { known, unknown } = switchableVersions(supported);
  return (
    <div className="version-switch">
      <p>
        The server does not support {requested === undefined ? 'the version asked for' : <span className="mono">{requested}</span>} (error -32022). It supports:{' '}
        {supported.length === 0 ? <em>nothing it named</em> : <span className="mono">{supported.join(', ')}</span>}.
      </p>
      {known.length === 0 ? (
        <p className="hint">None of these is a version mcpscope speaks, so there is nothing to switch to.</p>
      ) : (
        <div className="button-row">
          {known.map((v, i) => (
            <button
              key={v}
              type="button"
              className={i === 0 ? 'primary' : undefined}
              onClick={() => {
                connectionPrefs.getState().setChoice(v);
                void controller.reconnectWith(v);
              }}
            >
              {`Reconnect with ${v}`}
            </button>
          ))}
        </div>
      )}
      {known.length > 0 && unknown.length > 0 && <p className="hint">Not known to mcpscope: {unknown.join(', ')}.</p>}
    </div>
  );
}

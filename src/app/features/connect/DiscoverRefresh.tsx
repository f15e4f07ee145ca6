// Under a modern server's status: where its serverInfo came from, and Refresh,
// which sends server/discover again and shows the answer in the status (a live
// region already: its sentences are announced without a role of their own).

import { useStore } from 'zustand';
import { formatClock } from '../../../protocol/index.js';
import { useConnectionScope } from '../../hooks.js';
import { VersionSwitch } from './VersionSwitch.js';

export function DiscoverRefresh() {
  const { discover } = useConnectionScope();
  const refresh = useStore(discover, (s) => s.refresh);
  const fromResult = useStore(discover, (s) => s.resultServerInfo !== undefined);
  return (
    <div className="discover-refresh">
      <div className="toolbar">
        <button type="button" className="small" disabled={refresh?.state === 'sending'} onClick={() => void discover.getState().refreshNow()}>
          Refresh
        </button>
        <span className="hint">
          {refresh === undefined && 'What server/discover answered when the connection started.'}
          {refresh?.state === 'sending' && 'Sending server/discover…'}
          {refresh?.state === 'answered' && `server/discover answered again at ${formatClock(refresh.at)}.`}
        </span>
      </div>
      {fromResult && <p className="hint">Server info as the newest result’s _meta (io.modelcontextprotocol/serverInfo) gave it.</p>}
      {refresh?.state === 'failed' &&
        (refresh.supported ? (
          <VersionSwitch requested={undefined} supported={refresh.supported} />
        ) : (
          <p className="bad" role="alert">
            server/discover failed: {refresh.message}
          </p>
        ))}
    </div>
  );
}

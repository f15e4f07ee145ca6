// How an HTTP connection reaches its server: the URL and the transport in use
// (TransportSummary, in the top bar's status), and why Auto chose it, the
// HTTP+SSE endpoint and the session id (TransportDetails, in the sidebar).

import { HTTP_MODE_LABEL } from '../../../protocol/index.js';
import type { HttpConnectionInfo } from '../../connection/http-connection.js';
import './http.css';

export function TransportSummary({ http }: { http: HttpConnectionInfo }) {
  const mode = http.mode ? HTTP_MODE_LABEL[http.mode] : 'deciding…';
  return (
    <dl className="transport-summary" aria-label="HTTP transport">
      <dt>URL</dt>
      <dd className="mono">{http.url}</dd>
      <dt>Transport</dt>
      <dd>
        {mode}
        {http.requested === 'auto' && <span className="hint"> (chosen by Auto)</span>}
      </dd>
    </dl>
  );
}

export function TransportDetails({ http }: { http: HttpConnectionInfo }) {
  if (!http.modeReason && !http.endpoint && !http.sessionId) return null;
  return (
    <dl className="transport-summary" aria-label="HTTP transport details">
      {http.modeReason && (
        <>
          <dt>Why</dt>
          <dd className="hint">{http.modeReason}</dd>
        </>
      )}
      {http.endpoint && (
        <>
          <dt>Endpoint</dt>
          <dd className="mono">{http.endpoint}</dd>
        </>
      )}
      {http.sessionId && (
        <>
          <dt>Session</dt>
          <dd className="mono">{http.sessionId}</dd>
        </>
      )}
    </dl>
  );
}

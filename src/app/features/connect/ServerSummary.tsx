// What initialize established: who the server is, the negotiated version,
// its capabilities and instructions.

import type { ReactNode } from 'react';
import type { InitializeInfo } from '../../../protocol/index.js';
import { IconOrigins } from '../../components/icons/IconOrigins.js';
import { McpIcon } from '../../components/icons/McpIcon.js';

function versionWarning(info: InitializeInfo): string | null {
  if (!info.versionSupported) {
    return `The server answered with protocol version ${info.protocolVersion}, which mcpscope does not know; it offered ${info.offeredVersion}.`;
  }
  if (info.protocolVersion !== info.offeredVersion) {
    return `The server chose protocol ${info.protocolVersion} instead of the offered ${info.offeredVersion}.`;
  }
  return null;
}

function capabilityDetail(value: unknown): string {
  if (typeof value !== 'object' || value === null) return '';
  const flags = Object.entries(value)
    .filter(([, v]) => v === true)
    .map(([k]) => k);
  return flags.length > 0 ? ` (${flags.join(', ')})` : '';
}

/** `children` (how the server is reached) go right under the status line. */
export function ServerSummary({ info, children }: { info: InitializeInfo; children?: ReactNode }) {
  const { serverInfo } = info;
  const warning = versionWarning(info);
  const capabilities = Object.entries(info.capabilities);
  return (
    <div className="server-summary">
      <p className="status-line ok">
        <McpIcon icons={serverInfo.icons} size={20} /> Connected to <strong>{serverInfo.title ?? serverInfo.name}</strong> {serverInfo.version} · protocol{' '}
        <span className="mono">{info.protocolVersion}</span>
      </p>
      {warning && <p className="warning">⚠ {warning}</p>}
      {children}
      <div className="capabilities">
        <span className="label">Capabilities</span>
        {capabilities.length === 0 ? (
          <span className="hint">none declared</span>
        ) : (
          <ul aria-label="Server capabilities" className="badges">
            {capabilities.map(([name, value]) => (
              <li key={name} className="badge">
                {name}
                {capabilityDetail(value)}
              </li>
            ))}
          </ul>
        )}
      </div>
      <IconOrigins />
      {info.instructions !== undefined && (
        <details className="instructions" open>
          <summary>Instructions</summary>
          <p>{info.instructions}</p>
        </details>
      )}
    </div>
  );
}

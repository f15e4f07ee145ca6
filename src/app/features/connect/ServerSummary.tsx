// What initialize (legacy) or server/discover (modern) established: who the
// server is, the version in use and which generation it is (ServerLine, in the
// top bar's status), its capabilities (and a modern server's supported versions
// and extensions) and instructions (ServerFacts, in the sidebar).

import type { InitializeInfo } from '../../../protocol/index.js';
import { IconOrigins } from '../../components/icons/IconOrigins.js';
import { McpIcon } from '../../components/icons/McpIcon.js';
import { extensionsOf, generationLine } from './modern-status.js';
import './generation.css';

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

/** Who the server is, the version and generation; `reason`: why this generation (from the connect step). */
export function ServerLine({ info, reason }: { info: InitializeInfo; reason?: string }) {
  const { serverInfo } = info;
  const warning = info.era === 'modern' ? null : versionWarning(info);
  return (
    <>
      <p className="status-line ok">
        <McpIcon icons={serverInfo.icons} size={20} /> Connected to <strong>{serverInfo.title ?? serverInfo.name}</strong> {serverInfo.version} · protocol{' '}
        <span className="mono">{info.protocolVersion}</span>
      </p>
      <p className={`generation-line era-${info.era}`} aria-label="Protocol generation">
        {generationLine(info.era, info.protocolVersion, reason)}
      </p>
      {warning && <p className="warning">⚠ {warning}</p>}
    </>
  );
}

/** The server's capabilities, a modern server's extensions and versions, where its icons come from, its instructions. */
export function ServerFacts({ info }: { info: InitializeInfo }) {
  const modern = info.era === 'modern';
  // A modern server's extensions are listed on their own line.
  const capabilities = Object.entries(info.capabilities).filter(([name]) => !modern || name !== 'extensions');
  return (
    <>
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
      {modern && <ModernFacts info={info} />}
      <IconOrigins />
      {info.instructions !== undefined && (
        <details className="instructions" open>
          <summary>Instructions</summary>
          <p>{info.instructions}</p>
        </details>
      )}
    </>
  );
}

/** A modern server's extensions and its own list of versions (the one in use marked). */
function ModernFacts({ info }: { info: InitializeInfo }) {
  const extensions = extensionsOf(info.capabilities);
  return (
    <>
      <div className="capabilities">
        <span className="label">Extensions</span>
        {extensions.length === 0 ? (
          <span className="hint">none declared</span>
        ) : (
          <ul aria-label="Server extensions" className="badges">
            {extensions.map(([name, settings]) => (
              <li key={name} className="badge mono" title={JSON.stringify(settings)}>
                {name}
              </li>
            ))}
          </ul>
        )}
      </div>
      <div className="capabilities">
        <span className="label">Supported versions</span>
        {info.supportedVersions === undefined || info.supportedVersions.length === 0 ? (
          <span className="hint">none listed</span>
        ) : (
          <ul aria-label="Supported versions" className="badges">
            {info.supportedVersions.map((v) => (
              <li
                key={v}
                className={`badge mono${v === info.protocolVersion ? ' current' : ''}`}
                aria-current={v === info.protocolVersion ? 'true' : undefined}
              >
                {v}
              </li>
            ))}
          </ul>
        )}
      </div>
    </>
  );
}

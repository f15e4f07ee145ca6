// A captured connection: a session between a real host and a server that
// `mcpscope wrap` recorded, shown read-only beside the page's own
// connections. It has no controller and drives nothing: what it knows is the
// proxy's description of the session and what its frames said (the host's
// clientInfo, the server's serverInfo, the version), under one connection
// number of the page.

import { createStore, type StoreApi } from 'zustand/vanilla';
import {
  META_CLIENT_INFO,
  implementationOf,
  isRecord,
  modernRequestMeta,
  resultServerInfo,
  type CapturedSession,
  type Implementation,
} from '../../protocol/index.js';
import type { LogEntry } from '../stores/log-store.js';

export interface CapturedInfo {
  session: CapturedSession;
  /** The host, from its initialize `params.clientInfo` (or a 2026-07-28 request's `_meta`). */
  host?: Implementation;
  /** The server, from the initialize result's `serverInfo` (or a 2026-07-28 result's `_meta`). */
  server?: Implementation;
  /** The version the host asked for, then the one the server answered. */
  protocolVersion?: string;
  /** Why the proxy no longer tells this page about the session, when it does not. */
  unfollowed?: string;
}

export interface CapturedScope {
  kind: 'captured';
  /** Its place in the workspace (the same numbering as the connection scopes'). */
  id: number;
  /** The connection number of its frames in the log. */
  connection: number;
  store: StoreApi<CapturedInfo>;
  /** Hides it in this page: its frames stop coming into the log; the session itself goes on. */
  dispose: () => void;
}

export function createCapturedScope(id: number, connection: number, session: CapturedSession, dispose: () => void): CapturedScope {
  return { kind: 'captured', id, connection, store: createStore<CapturedInfo>()(() => ({ session })), dispose };
}

/** "Claude Desktop 0.9": the host's name (as its clientInfo says, not a title) and version, or the wrapper's pid before its initialize. */
export function hostLabel(info: CapturedInfo): string {
  return info.host ? `${info.host.name} ${info.host.version}` : `a host (pid ${info.session.pid})`;
}

/** The server's name: from its answer, else what the capture's header says it is. */
export function serverName(info: CapturedInfo): string {
  if (info.server) return info.server.name;
  const s = info.session.header.server;
  return s?.name ?? s?.command ?? s?.url ?? 'a server';
}

/** "Claude Desktop 0.9 → everything". */
export function capturedLabel(info: CapturedInfo): string {
  return `${hostLabel(info)} → ${serverName(info)}`;
}

/** What a logged frame of the session says about the host, the server or the version (nothing when it says nothing new). */
export function learnFrom(info: CapturedInfo, entry: LogEntry): Partial<CapturedInfo> | undefined {
  const frame = entry.frame;
  if (frame === undefined) return undefined;
  if (entry.direction === 'out' && frame.kind === 'request') {
    const params = frame.message.params;
    if (frame.message.method === 'initialize' && isRecord(params)) {
      const host = implementationOf(params.clientInfo);
      const version = typeof params.protocolVersion === 'string' ? params.protocolVersion : undefined;
      return { ...(host ? { host } : {}), ...(version && info.protocolVersion === undefined ? { protocolVersion: version } : {}) };
    }
    if (info.host === undefined && isRecord(params) && isRecord(params._meta) && META_CLIENT_INFO in params._meta) {
      const meta = modernRequestMeta(params);
      const host = implementationOf(meta.clientInfo);
      const version = typeof meta.protocolVersion === 'string' ? meta.protocolVersion : undefined;
      return host ? { host, ...(version ? { protocolVersion: version } : {}) } : undefined;
    }
    return undefined;
  }
  if (entry.direction === 'in' && frame.kind === 'response') {
    const result = frame.message.result;
    if (entry.method === 'initialize' && isRecord(result)) {
      const server = implementationOf(result.serverInfo);
      const version = typeof result.protocolVersion === 'string' ? result.protocolVersion : undefined;
      return { ...(server ? { server } : {}), ...(version ? { protocolVersion: version } : {}) };
    }
    if (info.server === undefined) {
      const server = resultServerInfo(result);
      return server ? { server } : undefined;
    }
  }
  return undefined;
}

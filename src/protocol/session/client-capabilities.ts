// The client capabilities this client declares in initialize: built from the
// feature switches a person sets (or the CLI's defaults), limited to what the
// offered protocol version has, and to the server→client requests this client
// has a handler for — a capability is a promise to answer, so it is never
// declared without one.

import { APP_RESOURCE_MIME_TYPE, UI_EXTENSION_ID } from '../apps/contract.js';
import { TASKS_EXTENSION } from '../tasks/ext-task.js';
import { isModernVersion, type ProtocolVersion } from '../versions.js';

/** The client features a person can switch on or off before connecting. */
export interface ClientFeatures {
  /** Answer sampling/createMessage (2024-11-05+). */
  sampling: boolean;
  /** Tool use in sampling: `tools` / `toolChoice` (2025-11-25). */
  samplingTools: boolean;
  /** Answer roots/list and announce changes (2024-11-05+). */
  roots: boolean;
  /** Form-mode elicitation/create (2025-06-18+). */
  elicitationForm: boolean;
  /** URL-mode elicitation/create (2025-11-25). */
  elicitationUrl: boolean;
  /** Run the server's sampling / elicitation requests as tasks, and answer tasks/* about them (2025-11-25). */
  tasks: boolean;
  /** Declare the MCP Apps extension (io.modelcontextprotocol/ui): the server may give its tools ui:// apps. */
  apps: boolean;
}

export type ClientFeature = keyof ClientFeatures;

/**
 * What a client offers when nobody chose: every feature a handler can answer (the page and the
 * CLI handle URL-mode elicitation and tool use in sampling replies too).
 */
export const DEFAULT_CLIENT_FEATURES: Readonly<ClientFeatures> = {
  sampling: true,
  samplingTools: true,
  roots: true,
  elicitationForm: true,
  elicitationUrl: true,
  tasks: true,
  apps: true,
};

/** The version each feature arrived in (versions are ISO dates, so they compare as strings). */
export const CLIENT_FEATURE_SINCE: Readonly<Record<ClientFeature, ProtocolVersion>> = {
  sampling: '2024-11-05',
  samplingTools: '2025-11-25',
  roots: '2024-11-05',
  elicitationForm: '2025-06-18',
  elicitationUrl: '2025-11-25',
  tasks: '2025-11-25',
  // An extension, declared in capabilities.extensions whatever the version (the extension's own examples use 2024-11-05).
  apps: '2024-11-05',
};

/** The requests a server sends about the tasks a client runs for it. */
const TASK_METHODS = ['tasks/get', 'tasks/result', 'tasks/list', 'tasks/cancel'];

/** The server→client requests each feature answers: switched off, their handlers are not installed. */
const FEATURE_OF_METHOD: ReadonlyMap<string, ReadonlyArray<ClientFeature>> = new Map([
  ['sampling/createMessage', ['sampling']],
  ['roots/list', ['roots']],
  ['elicitation/create', ['elicitationForm', 'elicitationUrl']],
  ...TASK_METHODS.map((m): [string, ClientFeature[]] => [m, ['tasks']]),
]);

/** Whether a handler for `method` may be installed under these switches (methods of no feature, like ping, always). */
export function handlerEnabled(method: string, features: ClientFeatures): boolean {
  const owners = FEATURE_OF_METHOD.get(method);
  return owners === undefined || owners.some((f) => features[f]);
}

/** The handlers each feature needs (tasks: the tasks/* requests a server sends about the tasks it asked for). */
const FEATURE_NEEDS: Readonly<Record<ClientFeature, readonly string[]>> = {
  sampling: ['sampling/createMessage'],
  samplingTools: ['sampling/createMessage'],
  roots: ['roots/list'],
  elicitationForm: ['elicitation/create'],
  elicitationUrl: ['elicitation/create'],
  tasks: TASK_METHODS,
  // The host's side of an app is the page's; the server sends nothing to answer.
  apps: [],
};

/** Whether this client has the handlers `feature` needs (whatever its switch). */
export function featureAnswerable(feature: ClientFeature, hasHandler: (method: string) => boolean): boolean {
  return FEATURE_NEEDS[feature].every((m) => hasHandler(m));
}

/**
 * The features this client can honour: switched on, existing in `version`, and with the
 * handlers they need. Tool use rides on sampling; tasks need a request (sampling,
 * elicitation) to run as a task.
 */
export function offeredFeatures(version: string, features: ClientFeatures, hasHandler: (method: string) => boolean): ClientFeatures {
  const on = (f: ClientFeature) => features[f] && version >= CLIENT_FEATURE_SINCE[f] && featureAnswerable(f, hasHandler);
  const sampling = on('sampling');
  const elicitationForm = on('elicitationForm');
  const elicitationUrl = on('elicitationUrl');
  return {
    sampling,
    samplingTools: sampling && on('samplingTools'),
    roots: on('roots'),
    elicitationForm,
    elicitationUrl,
    // 2026-07-28: the tasks extension (server-hosted tasks, polled) needs no handler of the client's.
    tasks: isModernVersion(version) ? features.tasks : on('tasks') && (sampling || elicitationForm || elicitationUrl),
    apps: on('apps'),
  };
}

/**
 * The `capabilities` of the initialize request for these (already offered) features, in the
 * shape `version` defines: 2025-06-18 has a bare `elicitation: {}` (form mode, the only one),
 * 2025-11-25 names the modes; sub-capabilities a version lacks are never declared.
 */
export function clientCapabilities(version: string, offered: ClientFeatures): Record<string, unknown> {
  if (isModernVersion(version)) return modernClientCapabilities(offered);
  const caps: Record<string, unknown> = {};
  if (offered.roots) caps.roots = { listChanged: true };
  if (offered.sampling) caps.sampling = offered.samplingTools && version >= CLIENT_FEATURE_SINCE.samplingTools ? { tools: {} } : {};
  if (version >= CLIENT_FEATURE_SINCE.elicitationUrl) {
    if (offered.elicitationForm || offered.elicitationUrl) {
      caps.elicitation = { ...(offered.elicitationForm ? { form: {} } : {}), ...(offered.elicitationUrl ? { url: {} } : {}) };
    }
  } else if (version >= CLIENT_FEATURE_SINCE.elicitationForm && offered.elicitationForm) {
    caps.elicitation = {};
  }
  if (offered.tasks && version >= CLIENT_FEATURE_SINCE.tasks) {
    const requests: Record<string, unknown> = {};
    if (offered.sampling) requests.sampling = { createMessage: {} };
    if (offered.elicitationForm || offered.elicitationUrl) requests.elicitation = { create: {} };
    caps.tasks = { list: {}, cancel: {}, requests };
  }
  if (offered.apps) caps.extensions = appsExtension();
  return caps;
}

/**
 * 2026-07-28's shape, sent on every request's `_meta`: no roots.listChanged (no session to
 * notify), no client-side tasks; optional extensions go in `extensions`.
 */
function modernClientCapabilities(offered: ClientFeatures): Record<string, unknown> {
  const caps: Record<string, unknown> = {};
  if (offered.roots) caps.roots = {};
  if (offered.sampling) caps.sampling = offered.samplingTools ? { tools: {} } : {};
  if (offered.elicitationForm || offered.elicitationUrl) {
    caps.elicitation = { ...(offered.elicitationForm ? { form: {} } : {}), ...(offered.elicitationUrl ? { url: {} } : {}) };
  }
  caps.extensions = clientExtensions(offered);
  return caps;
}

// --- 2026-07-28: extensions the client declares in its per-request capabilities ---

/**
 * The `extensions` of the modern clientCapabilities (`_meta`): the tasks extension when the tasks
 * switch is on (unlike 2025's tasks it needs no handler: the server hosts the task, the client polls),
 * and MCP Apps when the apps switch is on.
 */
export function clientExtensions(features: ClientFeatures): Record<string, unknown> {
  return { ...(features.tasks ? { [TASKS_EXTENSION]: {} } : {}), ...(features.apps ? appsExtension() : {}) };
}

/** MCP Apps, as a client that shows HTML apps declares it (initialize's capabilities, or 2026-07-28's `_meta`). */
function appsExtension(): Record<string, unknown> {
  return { [UI_EXTENSION_ID]: { mimeTypes: [APP_RESOURCE_MIME_TYPE] } };
}

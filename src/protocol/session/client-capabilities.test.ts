import { describe, expect, it } from 'vitest';
import { PROTOCOL_VERSIONS } from '../versions.js';
import { DEFAULT_CLIENT_FEATURES, clientCapabilities, clientExtensions, handlerEnabled, offeredFeatures, type ClientFeatures } from './client-capabilities.js';

const ALL_ON: ClientFeatures = { sampling: true, samplingTools: true, roots: true, elicitationForm: true, elicitationUrl: true, tasks: true, apps: true };
const ALL_OFF: ClientFeatures = {
  sampling: false,
  samplingTools: false,
  roots: false,
  elicitationForm: false,
  elicitationUrl: false,
  tasks: false,
  apps: false,
};
const EVERY_HANDLER = () => true;
const APPS = { 'io.modelcontextprotocol/ui': { mimeTypes: ['text/html;profile=mcp-app'] } };

/** What initialize declares for these switches, with a handler for every method. */
const declared = (version: string, features: Partial<ClientFeatures>) =>
  clientCapabilities(version, offeredFeatures(version, { ...ALL_OFF, ...features }, EVERY_HANDLER));

describe('clientCapabilities: per version, from the switches', () => {
  const cases: Array<[string, Partial<ClientFeatures>, Record<string, unknown>]> = [
    ['2024-11-05', ALL_ON, { roots: { listChanged: true }, sampling: {}, extensions: APPS }],
    ['2025-03-26', ALL_ON, { roots: { listChanged: true }, sampling: {}, extensions: APPS }],
    ['2025-06-18', ALL_ON, { roots: { listChanged: true }, sampling: {}, elicitation: {}, extensions: APPS }],
    [
      '2025-11-25',
      ALL_ON,
      {
        roots: { listChanged: true },
        sampling: { tools: {} },
        elicitation: { form: {}, url: {} },
        tasks: { list: {}, cancel: {}, requests: { sampling: { createMessage: {} }, elicitation: { create: {} } } },
        extensions: APPS,
      },
    ],
    ['2025-11-25', ALL_OFF, {}],
    // MCP Apps is an extension: declared in capabilities.extensions, in every version (as the extension's examples do).
    ['2024-11-05', { apps: true }, { extensions: APPS }],
    ['2025-11-25', { apps: true }, { extensions: APPS }],
    ['2025-11-25', { sampling: true }, { sampling: {} }],
    ['2025-11-25', { samplingTools: true }, {}],
    ['2025-11-25', { roots: true }, { roots: { listChanged: true } }],
    ['2025-11-25', { elicitationForm: true }, { elicitation: { form: {} } }],
    ['2025-11-25', { elicitationUrl: true }, { elicitation: { url: {} } }],
    // URL mode does not exist before 2025-11-25, and 2025-06-18's elicitation is form mode.
    ['2025-06-18', { elicitationUrl: true }, {}],
    ['2025-06-18', { elicitationForm: true }, { elicitation: {} }],
    ['2025-03-26', { elicitationForm: true }, {}],
    // Tasks run sampling or elicitation: with neither on there is nothing to run as a task.
    ['2025-11-25', { tasks: true }, {}],
    ['2025-11-25', { tasks: true, sampling: true }, { sampling: {}, tasks: { list: {}, cancel: {}, requests: { sampling: { createMessage: {} } } } }],
    [
      '2025-11-25',
      { tasks: true, elicitationForm: true },
      { elicitation: { form: {} }, tasks: { list: {}, cancel: {}, requests: { elicitation: { create: {} } } } },
    ],
    ['2025-06-18', { tasks: true, sampling: true }, { sampling: {} }],
  ];
  it.each(cases)('%s with %j declares %j', (version, features, expected) => {
    expect(declared(version, features)).toEqual(expected);
  });

  it('never declares a capability the version lacks, whatever the switches', () => {
    const since: Record<string, string> = {
      roots: '2024-11-05',
      sampling: '2024-11-05',
      elicitation: '2025-06-18',
      tasks: '2025-11-25',
      // Only MCP Apps before 2026-07-28, which declares itself there whatever the version.
      extensions: '2024-11-05',
    };
    for (const version of PROTOCOL_VERSIONS) {
      for (const name of Object.keys(declared(version, ALL_ON))) expect(version >= since[name]!, `${name} in ${version}`).toBe(true);
    }
  });
});

describe('offeredFeatures: a capability is a promise to answer', () => {
  it('drops a feature whose handler is missing, even when switched on', () => {
    const onlyRoots = (m: string) => m === 'roots/list';
    expect(offeredFeatures('2025-11-25', ALL_ON, onlyRoots)).toEqual({ ...ALL_OFF, roots: true, apps: true });
  });

  it('offers tasks only with every tasks/* handler', () => {
    const withoutCancel = (m: string) => m !== 'tasks/cancel';
    expect(offeredFeatures('2025-11-25', ALL_ON, withoutCancel).tasks).toBe(false);
    expect(offeredFeatures('2025-11-25', ALL_ON, EVERY_HANDLER).tasks).toBe(true);
  });

  it('defaults: every feature the page and the CLI answer, URL mode and sampling tool use included', () => {
    expect(declared('2025-11-25', DEFAULT_CLIENT_FEATURES)).toEqual({
      roots: { listChanged: true },
      sampling: { tools: {} },
      elicitation: { form: {}, url: {} },
      tasks: { list: {}, cancel: {}, requests: { sampling: { createMessage: {} }, elicitation: { create: {} } } },
      extensions: APPS,
    });
  });
});

describe('handlerEnabled', () => {
  const cases: Array<[string, Partial<ClientFeatures>, boolean]> = [
    ['ping', {}, true],
    ['roots/list', {}, false],
    ['roots/list', { roots: true }, true],
    ['sampling/createMessage', { sampling: true }, true],
    ['sampling/createMessage', { roots: true }, false],
    ['elicitation/create', { elicitationUrl: true }, true],
    ['elicitation/create', { elicitationForm: true }, true],
    ['elicitation/create', { sampling: true }, false],
    ['tasks/get', { tasks: false, sampling: true }, false],
    ['tasks/list', { tasks: true }, true],
  ];
  it.each(cases)('%s under %j: %s', (method, features, expected) => {
    expect(handlerEnabled(method, { ...ALL_OFF, ...features })).toBe(expected);
  });
});

describe('clientExtensions (2026-07-28)', () => {
  it('declares the tasks extension exactly when the tasks switch is on', () => {
    expect(clientExtensions({ ...ALL_OFF, tasks: true })).toEqual({ 'io.modelcontextprotocol/tasks': {} });
    expect(clientExtensions({ ...ALL_ON, tasks: false, apps: false })).toEqual({});
  });

  it('declares MCP Apps exactly when the apps switch is on', () => {
    expect(clientExtensions({ ...ALL_OFF, apps: true })).toEqual(APPS);
    expect(clientExtensions(ALL_ON)).toEqual({ 'io.modelcontextprotocol/tasks': {}, ...APPS });
  });
});

describe('the modern clientCapabilities and the tasks extension', () => {
  it('declares the extension with the tasks switch on, needing no handler of the client, and never 2025 tasks', () => {
    const offered = offeredFeatures('2026-07-28', { ...ALL_OFF, tasks: true }, () => false);
    expect(offered.tasks).toBe(true);
    expect(clientCapabilities('2026-07-28', offered)).toEqual({ extensions: { 'io.modelcontextprotocol/tasks': {} } });
    expect(clientCapabilities('2026-07-28', offeredFeatures('2026-07-28', ALL_OFF, EVERY_HANDLER))).toEqual({ extensions: {} });
    expect(
      clientCapabilities(
        '2026-07-28',
        offeredFeatures('2026-07-28', { ...ALL_OFF, apps: true }, () => false),
      ),
    ).toEqual({ extensions: APPS });
    // 2025-11-25 without the handlers of client-side tasks: no tasks, as before.
    expect(offeredFeatures('2025-11-25', { ...ALL_OFF, tasks: true, sampling: true }, (m) => m === 'sampling/createMessage').tasks).toBe(false);
  });
});

// How fast the lint engine judges frames: a session of the initialize
// generation and one of the 2026-07-28 generation, each of about 100,000
// frames (tool calls with progress, pings, notifications, list calls), fed to
// one Linter in order, with and without the published schemas. Times are CPU
// time (user + system) of the fastest run, which a busy machine disturbs least.
// Reads the built engine: run `npm run build:node` first. With --baseline, the
// engine of another build (a dist/node directory, e.g. of the commit before a
// change) runs alternately with this one, so both see the same load.
//   node bench/lint-throughput.mjs [--frames N] [--runs N] [--baseline DIR]

import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const USAGE = 'usage: node bench/lint-throughput.mjs [--frames N] [--runs N] [--baseline DIR]';
const args = process.argv.slice(2);
const arg = (name, fallback) => {
  const i = args.indexOf(name);
  const value = i === -1 ? fallback : Number(args[i + 1]);
  if (!Number.isInteger(value) || value < 1) {
    console.error(`${name} takes a whole number above 0, not "${args[i + 1]}". ${USAGE}`);
    process.exit(2);
  }
  return value;
};
const FRAMES = arg('--frames', 100_000);
const RUNS = arg('--runs', 7);
const baselineAt = args.indexOf('--baseline');

/** The Linter and schema checks of the build in `dist` (a dist/node directory). */
async function engine(dist) {
  const file = (path) => pathToFileURL(resolve(dist, 'src/protocol/lint', path)).href;
  if (!existsSync(resolve(dist, 'src/protocol/lint/linter.js'))) {
    console.error(`There is no built lint engine in ${dist}: run npm run build:node (or give --baseline a dist/node directory).`);
    process.exit(2);
  }
  const { Linter } = await import(file('linter.js'));
  const { SDK_SCHEMA_VERSION, sdkSchemaCheck, MODERN_SCHEMA_VERSION, modernSchemaCheck } = await import(file('sdk-schemas.js'));
  return {
    Linter,
    schemas: {
      schema: { check: sdkSchemaCheck, version: SDK_SCHEMA_VERSION },
      modernSchema: { check: modernSchemaCheck, version: MODERN_SCHEMA_VERSION },
    },
  };
}

const engines = [['this build', await engine(new URL('../dist/node', import.meta.url).pathname)]];
if (baselineAt !== -1) {
  if (args[baselineAt + 1] === undefined) {
    console.error(`--baseline needs a directory. ${USAGE}`);
    process.exit(2);
  }
  engines.unshift(['baseline', await engine(args[baselineAt + 1])]);
}

const tools = [{ name: 'weather', inputSchema: { type: 'object', properties: { city: { type: 'string' } } } }];

/** One round of a session: [sender, message] pairs, with ids from `id`. */
function round(id, meta) {
  const m = (params) => (meta ? { ...params, _meta: { ...meta, ...params._meta } } : params);
  const result = (r) => (meta ? { resultType: 'complete', ...r } : r);
  return [
    ['client', { jsonrpc: '2.0', id, method: 'tools/call', params: m({ name: 'weather', arguments: { city: 'Oslo' }, _meta: { progressToken: `p${id}` } }) }],
    ['server', { jsonrpc: '2.0', method: 'notifications/progress', params: { progressToken: `p${id}`, progress: 1, total: 2 } }],
    ['server', { jsonrpc: '2.0', method: 'notifications/progress', params: { progressToken: `p${id}`, progress: 2, total: 2 } }],
    ['server', { jsonrpc: '2.0', id, result: result({ content: [{ type: 'text', text: 'cloudy, 4 °C' }] }) }],
    ['client', { jsonrpc: '2.0', id: id + 1, method: meta ? 'server/discover' : 'ping', params: m({}) }],
    [
      'server',
      {
        jsonrpc: '2.0',
        id: id + 1,
        result: meta
          ? result({ supportedVersions: [meta['io.modelcontextprotocol/protocolVersion']], capabilities: {}, serverInfo: { name: 's', version: '1' } })
          : {},
      },
    ],
    ['client', { jsonrpc: '2.0', id: id + 2, method: 'tools/list', params: m({}) }],
    ['server', { jsonrpc: '2.0', id: id + 2, result: result({ tools }) }],
  ];
}

function legacySession(frames) {
  const out = [
    [
      'client',
      { jsonrpc: '2.0', id: 0, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'b', version: '1' } } },
    ],
    ['server', { jsonrpc: '2.0', id: 0, result: { protocolVersion: '2025-11-25', capabilities: { tools: {} }, serverInfo: { name: 's', version: '1' } } }],
    ['client', { jsonrpc: '2.0', method: 'notifications/initialized' }],
  ];
  for (let id = 1; out.length < frames; id += 3) out.push(...round(id));
  return out.slice(0, frames).map(([sender, message]) => [sender, JSON.stringify(message)]);
}

function modernSession(frames) {
  const meta = {
    'io.modelcontextprotocol/protocolVersion': '2026-07-28',
    'io.modelcontextprotocol/clientCapabilities': {},
    'io.modelcontextprotocol/clientInfo': { name: 'b', version: '1' },
  };
  const out = [];
  for (let id = 1; out.length < frames; id += 3) out.push(...round(id, meta));
  return out.slice(0, frames).map(([sender, message]) => [sender, JSON.stringify(message)]);
}

function lint(Linter, session, options) {
  const linter = new Linter(options);
  const start = process.cpuUsage();
  for (const [i, [sender, raw]] of session.entries()) linter.frame(sender, raw, { seq: i, at: i });
  const used = process.cpuUsage(start);
  return { ms: (used.user + used.system) / 1000, findings: linter.findings.length };
}

const cases = [
  ['2025-11-25 session', legacySession(FRAMES), { offeredVersion: '2025-11-25' }],
  ['2026-07-28 session', modernSession(FRAMES), { offeredVersion: '2026-07-28' }],
];

console.log(`${FRAMES} frames per session; CPU time of the fastest of ${RUNS} runs (after one warm-up run)`);
for (const [name, session, options] of cases) {
  for (const withSchemas of [false, true]) {
    const runs = new Map(engines.map(([label]) => [label, []]));
    const optionsOf = (e) => (withSchemas ? { ...options, ...e.schemas } : options);
    for (const [, e] of engines) lint(e.Linter, session, optionsOf(e));
    // Alternately, so that the engines share whatever else the machine is doing.
    for (let r = 0; r < RUNS; r++) for (const [label, e] of engines) runs.get(label).push(lint(e.Linter, session, optionsOf(e)));
    for (const [label, rs] of runs) {
      const ms = Math.min(...rs.map((x) => x.ms));
      const rate = Math.round((FRAMES / ms) * 1000);
      const which = `${name}, ${withSchemas ? 'with schemas' : 'no schemas'}${engines.length > 1 ? `, ${label}` : ''}:`;
      console.log(`${which.padEnd(48)} ${ms.toFixed(0).padStart(6)} ms, ${rate.toLocaleString('en').padStart(9)} frames/s, ${rs[0].findings} findings`);
    }
  }
}

// "Save as test": what the page knows of a connection (its server as the
// Connect form had it, its log; a captured connection's or an imported log's
// header and records) or of one History call, made into a test file
// for `mcpscope test` — or the sentence that says why it cannot be.

import {
  STEP_METHODS,
  plural,
  testFileName,
  testFromCall,
  testFromCapture,
  testFromConnection,
  type BuiltTest,
  type ConnectionForTest,
  type LogHeader,
  type LogRecord,
  type Result,
} from '../../../protocol/index.js';
import type { ConnectionSnapshot } from '../../connection/snapshot.js';
import type { LogEntry } from '../../stores/log-store.js';
import type { CapturedInfo } from '../../workspace/captured-scope.js';
import { serverName } from '../../workspace/captured-scope.js';
import type { ImportedLog } from '../log/log-file.js';
import { entryToRecord } from '../log/records.js';
import { outcomeWords } from '../tools/format.js';
import type { ToolCallRecord } from '../tools/tools-store.js';

export type SaveOutcome = { ok: true; fileName: string; text: string; message: string } | { ok: false; message: string };

/** The server's name as the test's: its serverInfo's, else what reached it. */
function nameOf(snapshot: ConnectionSnapshot): string {
  if (snapshot.info) return snapshot.info.serverInfo.name;
  const t = snapshot.transport;
  return t.kind === 'stdio' ? (t.args.at(-1) ?? t.command).replace(/^.*[\\/]/, '').replace(/\.[cm]?[jt]s$/, '') : new URL(t.url).hostname;
}

function connectionFor(snapshot: ConnectionSnapshot, at: Date): ConnectionForTest {
  const server = snapshot.info ? ` (${snapshot.info.serverInfo.name} ${snapshot.info.serverInfo.version})` : '';
  return {
    name: nameOf(snapshot),
    transport: snapshot.transport,
    versionChoice: snapshot.versionChoice,
    made: `connection ${snapshot.connection} of the page${server}, ${at.toISOString()}`,
  };
}

function outcomeOf(name: string, built: Result<BuiltTest>): SaveOutcome {
  if (!built.ok) return { ok: false, message: `Could not save a test: ${built.error}` };
  const fileName = testFileName(name);
  const left = built.value.notes.length ? ` ${plural(built.value.notes.length, 'request')} left out: the comments at the top of the file say why.` : '';
  return { ok: true, fileName, text: built.value.yaml, message: `Saved ${plural(built.value.steps, 'step')} to ${fileName}.${left}` };
}

const NOTHING_YET = 'No tool calls on this connection yet: call a tool (or read a resource, get a prompt), then Save as test.';

const hasSteps = (records: readonly LogRecord[]) =>
  records.some((r) => r.direction === 'out' && r.kind === 'request' && r.method !== undefined && STEP_METHODS.includes(r.method));

/** Every answered call, read and prompt of the scope's current connection. */
export function connectionTest(snapshot: ConnectionSnapshot | null, entries: readonly LogEntry[], at = new Date()): SaveOutcome {
  if (!snapshot) return { ok: false, message: 'Connect to a server first: a test is made from the calls of a connection.' };
  const records = entries.filter((e) => e.connection === snapshot.connection).map(entryToRecord);
  if (!hasSteps(records)) return { ok: false, message: NOTHING_YET };
  return outcomeOf(nameOf(snapshot), testFromConnection(connectionFor(snapshot, at), records));
}

function fromCapture(header: LogHeader, records: readonly LogRecord[], name: string, nothing: string): SaveOutcome {
  if (!hasSteps(records)) return { ok: false, message: nothing };
  return outcomeOf(name, testFromCapture(header, records, name, "mcpscope's page"));
}

/** A captured connection's records, its server as the wrapper recorded it. */
export function capturedTest(info: CapturedInfo, connection: number, entries: readonly LogEntry[]): SaveOutcome {
  const records = entries.filter((e) => e.connection === connection).map(entryToRecord);
  return fromCapture(info.session.header, records, serverName(info), NOTHING_YET);
}

/** An imported log (the page's export, or a capture file): its server as its header says. */
export function importedTest(log: ImportedLog): SaveOutcome {
  const s = log.header.server;
  const nothing = `${log.fileName} has no tool call, resource read or prompt get to make a test of.`;
  return fromCapture(log.header, log.entries.map(entryToRecord), s?.name ?? log.fileName.replace(/\.[^.]*$/, ''), nothing);
}

/** One History call: a test of one step. */
export function callTest(snapshot: ConnectionSnapshot | null, record: ToolCallRecord, at = new Date()): SaveOutcome {
  if (!snapshot) return { ok: false, message: 'Connect to the server again first: the test names the server of the connection.' };
  const { outcome } = record;
  if (outcome.status !== 'result')
    return {
      ok: false,
      message: `This call of ${record.tool.name} ended without a result (${outcomeWords(record).text}): only a call with a result can become a test.`,
    };
  if (record.asTask) return { ok: false, message: `This call of ${record.tool.name} was made as a task: a test file calls a tool directly.` };
  return outcomeOf(
    nameOf(snapshot),
    testFromCall(connectionFor(snapshot, at), { tool: record.tool.name, arguments: record.arguments, result: outcome.result }),
  );
}

// Server logging in the CLI: the server's notifications/message as stderr
// lines (level and logger first), --log-level sent after initialize, and the
// logging/setLevel probes of `check`.

import { isRecord, outcomeMessage, readLogMessage, type LoggingLevel, type LogMessage } from '../src/protocol/index.js';
import type { CheckStep } from './check.js';
import type { CliConnection } from './connection.js';

/** Longer data is cut here, with a count of what was left out: one message stays one readable line. */
const DATA_CHARS = 2000;

function dataText(m: LogMessage): string {
  if (!m.hasData) return '(no data)';
  let text: string;
  try {
    text = typeof m.data === 'string' ? m.data : (JSON.stringify(m.data) ?? String(m.data));
  } catch {
    return '(data nested too deeply to print; --verbose prints the frame)';
  }
  return text.length > DATA_CHARS ? `${text.slice(0, DATA_CHARS)}… (${text.length - DATA_CHARS} more characters; --verbose prints the frame)` : text;
}

/** One stderr line for one notifications/message: "server log error [db]: {…}". */
export function logLine(params: unknown): string {
  const m = readLogMessage(params);
  const level = m.known ?? `${m.level} (not a log level)`;
  const logger = m.logger !== undefined ? ` [${m.logger}]` : '';
  const problems = m.problems.length ? ` — malformed: ${m.problems.join('; ')}` : '';
  return `server log ${level}${logger}: ${dataText(m)}${problems}`;
}

function declaresLogging(c: CliConnection): boolean | undefined {
  return c.info === undefined ? undefined : isRecord(c.info.capabilities) && Object.hasOwn(c.info.capabilities, 'logging');
}

/** --log-level: sent once initialized, where the server declares logging; says what happened either way. */
export async function applyLogLevel(c: CliConnection, level: LoggingLevel, notice: (line: string) => void): Promise<void> {
  if (c.session.era === 'modern') {
    // 2026-07-28 has no logging/setLevel: each request asks for its own level.
    c.session.setLogLevel(level);
    notice(
      `--log-level ${level} goes in every request's _meta (${c.session.protocolVersion} has no logging/setLevel): the server should send ${level} and above.`,
    );
    return;
  }
  const declared = declaresLogging(c);
  if (declared === false) {
    notice(`--log-level ${level} was not sent: the server does not declare the logging capability, so it takes no logging/setLevel.`);
    return;
  }
  const outcome = await c.request('logging/setLevel', { level });
  const unknown = declared === undefined ? ' (no capabilities were negotiated, so it was sent anyway)' : '';
  notice(
    outcome.status === 'result'
      ? `logging/setLevel ${level} accepted${unknown}: the server should send ${level} and above.`
      : `logging/setLevel ${level} failed${unknown}: ${outcomeMessage(outcome)}`,
  );
}

/** check: logging/setLevel with a valid level (an empty result) and with an unknown one (-32602). */
export async function checkLogging(c: CliConnection, steps: CheckStep[], level: LoggingLevel): Promise<void> {
  if (declaresLogging(c) !== true) {
    steps.push({ name: 'logging/setLevel', status: 'skip', detail: 'the server does not declare the logging capability' });
    return;
  }
  const problems = (from: number) =>
    c
      .serverFindings()
      .slice(from)
      .filter((f) => f.rule === 'LOG-SET-LEVEL');
  let mark = c.serverFindings().length;
  const valid = await c.request('logging/setLevel', { level });
  const found = problems(mark);
  if (valid.status !== 'result') steps.push({ name: 'logging/setLevel', status: 'fail', detail: `level ${level}: ${outcomeMessage(valid)}` });
  else if (found.length)
    steps.push({
      name: 'logging/setLevel',
      status: found.some((f) => f.severity === 'error') ? 'fail' : 'warn',
      detail: found.map((f) => f.message).join('; '),
    });
  else steps.push({ name: 'logging/setLevel', status: 'pass', detail: `level ${level} accepted with an empty result` });

  mark = c.serverFindings().length;
  const invalid = await c.request('logging/setLevel', { level: 'mcpscope-unknown-level' });
  const name = 'logging/setLevel (unknown level)';
  if (invalid.status === 'error' && invalid.error.code === -32602) steps.push({ name, status: 'pass', detail: 'refused with -32602 Invalid params' });
  else if (invalid.status === 'error' || invalid.status === 'result')
    steps.push({
      name,
      status: 'warn',
      detail: problems(mark)[0]?.message ?? `answered ${invalid.status === 'error' ? `error ${invalid.error.code}` : 'with a result'}`,
    });
  else steps.push({ name, status: 'fail', detail: outcomeMessage(invalid) });
}

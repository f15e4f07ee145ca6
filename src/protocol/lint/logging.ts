// Logging rules: the shape of notifications/message, logging/setLevel and its
// answer, and messages below the level the client set. (Using either without
// the server's logging capability is CAP-UNDECLARED, in lifecycle.ts.)

import { isRecord } from '../json/guards.js';
import { LOGGING_LEVELS, isAtOrAbove, isLoggingLevel } from '../logging/levels.js';
import { readLogMessage } from '../logging/log-message.js';
import type { Sender } from './methods.js';
import type { Report } from './report.js';
import type { SessionFacts } from './state.js';
import { preview } from './transport.js';

/** A notifications/message from the server: its shape, and its level against the one set. */
export function checkLogMessage(facts: SessionFacts, params: unknown, report: Report): void {
  const message = checkLogMessageShape(params, report);
  const minimum = facts.logLevel;
  if (message.known && minimum && !isAtOrAbove(message.known, minimum)) {
    report(
      'LOG-BELOW-LEVEL',
      `A ${message.known} message${message.logger !== undefined ? ` from logger ${JSON.stringify(message.logger)}` : ''} arrived after the server accepted logging/setLevel ${minimum}; it should send only ${minimum} and above.`,
      'server',
    );
  }
}

/** LOG-MESSAGE: the shape of a notifications/message (either generation); what was read of it. */
export function checkLogMessageShape(params: unknown, report: Report): ReturnType<typeof readLogMessage> {
  const message = readLogMessage(params);
  if (message.problems.length) report('LOG-MESSAGE', `notifications/message is malformed: ${message.problems.join('; ')}.`, 'server');
  return message;
}

/** The client's logging/setLevel: the level must be one of the eight. */
export function checkSetLevelRequest(params: unknown, report: Report): void {
  const level = isRecord(params) ? params.level : undefined;
  if (!isLoggingLevel(level)) {
    report(
      'LOG-SET-LEVEL',
      `logging/setLevel was sent with level ${level === undefined ? '(none)' : preview(JSON.stringify(level) ?? '')}; it takes one of ${LOGGING_LEVELS.join(', ')}.`,
      'client',
    );
  }
}

/** The server's answer to logging/setLevel; an accepted level becomes the one messages are judged against. */
export function onSetLevelAnswer(
  facts: SessionFacts,
  requestParams: unknown,
  body: { result?: unknown; error?: { code: number } },
  sender: Sender,
  report: Report,
): void {
  const level = isRecord(requestParams) ? requestParams.level : undefined;
  const valid = isLoggingLevel(level);
  if (body.error !== undefined) {
    if (valid) {
      // -32603 is the spec's answer for a configuration error: allowed, but worth knowing.
      report(
        'LOG-SET-LEVEL',
        `logging/setLevel ${level} was refused with error ${body.error.code}, though the level is valid${body.error.code === -32603 ? ' (the spec allows -32603 for a configuration error)' : ''}.`,
        sender,
        body.error.code === -32603 ? 'info' : 'warning',
      );
    } else if (body.error.code !== -32602) {
      report(
        'LOG-SET-LEVEL',
        `logging/setLevel with an invalid level was answered with error ${body.error.code}; the spec's answer is -32602 (Invalid params).`,
        sender,
        'warning',
      );
    }
    return;
  }
  if (!isRecord(body.result)) {
    report('LOG-SET-LEVEL', `logging/setLevel was answered with ${preview(JSON.stringify(body.result) ?? '')}; the result must be an empty object.`, sender);
    return;
  }
  if (!valid) {
    report('LOG-SET-LEVEL', 'logging/setLevel with an invalid level was accepted; the server should answer -32602 (Invalid params).', sender, 'warning');
    return;
  }
  facts.logLevel = level;
}

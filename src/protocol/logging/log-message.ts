// One notifications/message, read leniently: whatever the server sent is kept
// and shown, and what breaks the spec's shape ({level, logger?, data}) is named,
// so a bad message is displayed with its problems rather than dropped.

import { isRecord } from '../json/guards.js';
import { LOGGING_LEVELS, isLoggingLevel, type LoggingLevel } from './levels.js';

export interface LogMessage {
  /** The level as sent; `known` says whether it is one of the eight. */
  level: string;
  /** The level when it is one of the eight. */
  known?: LoggingLevel;
  logger?: string;
  /** Absent when the server sent none (a problem says so). */
  data?: unknown;
  hasData: boolean;
  /** What breaks the spec's shape, one sentence each; empty when none. */
  problems: string[];
}

const shown = (value: unknown): string => {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 40 ? `${text.slice(0, 40)}…` : text;
};

export function readLogMessage(params: unknown): LogMessage {
  const p = isRecord(params) ? params : {};
  const problems: string[] = [];
  if (!isRecord(params)) problems.push(`params is ${params === undefined ? 'missing' : shown(params)}; it must be an object with level and data`);
  const rawLevel = p.level;
  const level = typeof rawLevel === 'string' ? rawLevel : rawLevel === undefined ? '(none)' : shown(rawLevel);
  const message: LogMessage = { level, hasData: Object.hasOwn(p, 'data'), problems };
  if (isLoggingLevel(rawLevel)) message.known = rawLevel;
  else if (isRecord(params))
    problems.push(`level ${rawLevel === undefined ? 'is missing' : `${shown(rawLevel)} is not a log level`}; it must be one of ${LOGGING_LEVELS.join(', ')}`);
  if (message.hasData) message.data = p.data;
  else if (isRecord(params)) problems.push('data is missing; it is required (any JSON value)');
  if (p.logger !== undefined) {
    if (typeof p.logger === 'string') message.logger = p.logger;
    else problems.push(`logger is ${shown(p.logger)}; it must be a string when present`);
  }
  return message;
}

// The eight log levels of MCP logging, the syslog severities of RFC 5424,
// from the least to the most severe. A level set with logging/setLevel asks
// the server for messages at that level and above.

export const LOGGING_LEVELS = ['debug', 'info', 'notice', 'warning', 'error', 'critical', 'alert', 'emergency'] as const;

export type LoggingLevel = (typeof LOGGING_LEVELS)[number];

export function isLoggingLevel(value: unknown): value is LoggingLevel {
  return typeof value === 'string' && (LOGGING_LEVELS as readonly string[]).includes(value);
}

/** 0 for debug … 7 for emergency. */
export function levelRank(level: LoggingLevel): number {
  return LOGGING_LEVELS.indexOf(level);
}

/** Whether a message at `level` is one a client that set `minimum` asked for. */
export function isAtOrAbove(level: LoggingLevel, minimum: LoggingLevel): boolean {
  return levelRank(level) >= levelRank(minimum);
}

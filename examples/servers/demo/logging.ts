// The demo's logging: logging/setLevel answered as the spec says (an unknown
// level gets -32602, where the SDK's own handler answers -32603), messages
// below the level set left out, and a tool that logs once at each level.
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import type { DemoTool } from './tools.js';

const LEVELS = ['debug', 'info', 'notice', 'warning', 'error', 'critical', 'alert', 'emergency'] as const;

export type DemoLogLevel = (typeof LEVELS)[number];

// Any level reaches the handler, so that a wrong one is answered with a sentence, not a parse failure.
const SetLevelRequest = z.object({ method: z.literal('logging/setLevel'), params: z.object({ level: z.unknown() }).passthrough() });

/** Answers logging/setLevel for `server`; returns how to log, respecting the level set. */
export function serveLogging(server: Server): (level: DemoLogLevel, logger: string, data: unknown) => Promise<void> {
  let minimum: number | undefined;
  server.setRequestHandler(SetLevelRequest, (req) => {
    const index = LEVELS.indexOf(req.params.level as DemoLogLevel);
    if (index < 0) throw new McpError(ErrorCode.InvalidParams, `Unknown log level ${JSON.stringify(req.params.level)}: use one of ${LEVELS.join(', ')}.`);
    minimum = index;
    return {};
  });
  return async (level, logger, data) => {
    if (minimum !== undefined && LEVELS.indexOf(level) < minimum) return;
    await server.sendLoggingMessage({ level, logger, data });
  };
}

export const logEachLevel: DemoTool = {
  name: 'log_each_level',
  title: 'Log at each level',
  description: 'Send one log message (notifications/message) at each level, debug to emergency. Those below the level set with logging/setLevel are left out.',
  inputSchema: {
    type: 'object',
    properties: { logger: { type: 'string', description: 'The logger name the messages carry', default: 'demo' } },
  },
  annotations: { readOnlyHint: true, openWorldHint: false },
  run: async (args, ctx) => {
    const logger = typeof args.logger === 'string' && args.logger !== '' ? args.logger : 'demo';
    for (const [i, level] of LEVELS.entries()) {
      await ctx.sendLog(level, logger, { message: `A ${level} message from the demo server`, n: i + 1, of: LEVELS.length });
    }
    return {
      content: [
        {
          type: 'text',
          text: `Logged one message at each level, debug to emergency, as logger "${logger}"; those below the level set with logging/setLevel were left out.`,
        },
      ],
    };
  },
};

// The modern demo's resources and prompts, with their cache hints.
import type { McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod';
import { CLOCK_CACHE, MODERN_DEMO_RESOURCES, README_CACHE } from './catalog.js';

const [README_URI, CLOCK_URI] = MODERN_DEMO_RESOURCES;

export function registerModernContent(server: McpServer): void {
  server.registerResource(
    'readme',
    README_URI,
    { title: 'Read me', description: 'What this server shows (cached for ten minutes, public).', mimeType: 'text/markdown', cacheHint: README_CACHE },
    (uri) => ({
      contents: [
        {
          uri: uri.href,
          mimeType: 'text/markdown',
          text: '# mcpscope modern demo\n\nSpeaks MCP 2026-07-28 (and 2025 through the SDK). Try confirm_deploy and summarize (multi-round), and forecast (header-mirrored argument).',
        },
      ],
    }),
  );
  server.registerResource(
    'clock',
    CLOCK_URI,
    { title: 'Clock', description: 'The time now (never cached, private).', mimeType: 'text/plain', cacheHint: CLOCK_CACHE },
    (uri) => ({ contents: [{ uri: uri.href, mimeType: 'text/plain', text: new Date().toISOString() }] }),
  );

  server.registerPrompt(
    'review_code',
    { title: 'Review code', description: 'Asks for a code review.', argsSchema: z.object({ code: z.string().describe('The code to review') }) },
    ({ code }) => ({ messages: [{ role: 'user', content: { type: 'text', text: `Please review this code:\n\n${code}` } }] }),
  );
  server.registerPrompt(
    'greet',
    { title: 'Greet', description: 'A greeting for someone.', argsSchema: z.object({ name: z.string().describe('Who to greet') }) },
    ({ name }) => ({ messages: [{ role: 'user', content: { type: 'text', text: `Say hello to ${name}.` } }] }),
  );
}

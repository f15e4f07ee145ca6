// The demo MCP server bundled with mcpscope: the default target of `npm start`
// and a fixture of the tests. Built with the official SDK, over stdio.
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { z } from 'zod';

export function createDemoServer(): McpServer {
  const server = new McpServer(
    { name: 'mcpscope-demo', version: '0.1.0', title: 'mcpscope demo server' },
    { instructions: 'A small server to try mcpscope with: arithmetic, an echo tool and one text resource.' },
  );

  server.registerTool(
    'add',
    {
      title: 'Add',
      description: 'Add two numbers and return the sum.',
      inputSchema: { a: z.number().describe('First addend'), b: z.number().describe('Second addend') },
      annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
    },
    async ({ a, b }) => ({ content: [{ type: 'text', text: String(a + b) }] }),
  );

  server.registerTool(
    'multiply',
    {
      title: 'Multiply',
      description: 'Multiply two numbers and return the product.',
      inputSchema: { a: z.number().describe('First factor'), b: z.number().describe('Second factor') },
      annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
    },
    async ({ a, b }) => ({ content: [{ type: 'text', text: String(a * b) }] }),
  );

  server.registerTool(
    'echo',
    {
      title: 'Echo',
      description: 'Return the message unchanged.',
      inputSchema: { message: z.string().describe('Text to echo back') },
      annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
    },
    async ({ message }) => ({ content: [{ type: 'text', text: message }] }),
  );

  server.registerResource(
    'readme',
    'demo://readme',
    { title: 'Demo README', description: 'What this demo server offers.', mimeType: 'text/plain' },
    async (uri) => ({
      contents: [
        {
          uri: uri.href,
          mimeType: 'text/plain',
          text: 'mcpscope demo server: tools add, multiply and echo; this resource; ping.\n',
        },
      ],
    }),
  );

  return server;
}

async function main(): Promise<void> {
  const server = createDemoServer();
  await server.connect(new StdioServerTransport());
  // Logs go to stderr: stdout belongs to the protocol.
  console.error('mcpscope demo server ready on stdio');
}

main().catch((err: unknown) => {
  console.error('demo server failed:', err);
  process.exit(1);
});

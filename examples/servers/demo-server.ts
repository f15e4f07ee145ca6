// The demo MCP server bundled with mcpscope: the default target of `npm start`
// and a fixture of the tests. Built with the official SDK, over stdio.
import { runDemoServer } from './demo/server.js';

runDemoServer().catch((err: unknown) => {
  console.error('demo server failed:', err);
  process.exit(1);
});

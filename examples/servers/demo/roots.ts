// The demo's roots tool: asks the client for its roots (roots/list) and
// returns them; a client without the roots capability gets a sentence saying
// so, not a failed request.
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { RootsListChangedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import type { DemoTool } from './tools.js';

const text = (t: string) => ({ type: 'text', text: t });

export function rootsTool(server: Server, log: (line: string) => void): DemoTool {
  server.setNotificationHandler(RootsListChangedNotificationSchema, () => log('demo: the client says its roots changed (notifications/roots/list_changed)'));
  return {
    name: 'list_roots',
    title: 'List roots',
    description: 'Asks the client for its roots (roots/list) and returns them: the directories it lets this server work in.',
    inputSchema: { type: 'object', properties: {} },
    annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
    run: async () => {
      if (!server.getClientCapabilities()?.roots) {
        return {
          content: [
            text(
              'This client did not declare the roots capability in initialize, so the server cannot ask for its roots. ' +
                'In mcpscope, switch Roots on under Client capabilities and connect again; in its CLI, pass --root file:///….',
            ),
          ],
          isError: true,
        };
      }
      try {
        const { roots } = await server.listRoots();
        const lines = roots.map((r, i) => `${i + 1}. ${r.uri}${r.name ? ` (${r.name})` : ''}`);
        return {
          content: [
            text(roots.length ? `The client has ${roots.length === 1 ? '1 root' : `${roots.length} roots`}:\n${lines.join('\n')}` : 'The client has no roots.'),
          ],
        };
      } catch (err) {
        return { content: [text(`The client declared roots, but roots/list failed: ${err instanceof Error ? err.message : String(err)}`)], isError: true };
      }
    },
  };
}

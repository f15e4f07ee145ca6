// The demo's richer elicitations (2025-11-25): a URL-mode sign-in, asked by
// request or by the -32042 "URL elicitation required" error, reported complete
// with notifications/elicitation/complete; and a form with multi-select and
// titled enums. The sign-in page is imaginary: the demo pretends the person
// finished there a moment after the URL was handed out.
import { randomUUID } from 'node:crypto';
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { UrlElicitationRequiredError } from '@modelcontextprotocol/sdk/types.js';
import type { DemoTool } from './tools.js';

const text = (t: string) => ({ type: 'text', text: t });

/** How long the imaginary sign-in takes, once its URL was handed out. */
const SIGN_IN_MS = 500;

export function elicitationDemoTools(server: Server, log: (line: string) => void): DemoTool[] {
  /** Services whose sign-in was reported complete. */
  const connected = new Set<string>();
  const signInUrl = (service: string, id: string) => `https://accounts.example.com/connect?service=${encodeURIComponent(service)}&elicitation=${id}`;
  const completeLater = (service: string, id: string) =>
    setTimeout(() => {
      connected.add(service);
      void server
        .createElicitationCompletionNotifier(id)()
        .catch((err: unknown) => log(`demo: could not report elicitation ${id} complete: ${String(err)}`));
    }, SIGN_IN_MS).unref();

  return [
    {
      name: 'connect_account',
      title: 'Connect account',
      description:
        'Asks the user to open a sign-in page (URL-mode elicitation) and reports it complete shortly after. With requireFirst, answers -32042 (URL elicitation required) until the account is connected: open the page, then retry.',
      inputSchema: {
        type: 'object',
        properties: {
          service: { type: 'string', description: 'Which account to connect', default: 'files' },
          requireFirst: { type: 'boolean', description: 'Answer with the -32042 error instead of asking by request', default: false },
        },
      },
      annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: true },
      run: async (args) => {
        const service = typeof args.service === 'string' && args.service ? args.service : 'files';
        if (!server.getClientCapabilities()?.elicitation?.url) {
          return { content: [text('This client did not declare URL-mode elicitation (capabilities.elicitation.url), so the demo cannot ask.')], isError: true };
        }
        const elicitationId = randomUUID();
        const ask = {
          mode: 'url' as const,
          message: `Sign in to your ${service} account to connect it.`,
          url: signInUrl(service, elicitationId),
          elicitationId,
        };
        if (args.requireFirst === true) {
          if (connected.has(service)) return { content: [text(`The ${service} account is connected; the call went through.`)] };
          completeLater(service, elicitationId);
          throw new UrlElicitationRequiredError([ask], `Connect your ${service} account first.`);
        }
        const answer = await server.elicitInput(ask);
        if (answer.action === 'accept') completeLater(service, elicitationId);
        return {
          content: [
            text(
              `${answer.action}: ${answer.action === 'accept' ? `the sign-in page for ${service} was opened` : 'nothing was opened'} (elicitationId ${elicitationId})`,
            ),
          ],
        };
      },
    },
    {
      name: 'order_pizza',
      title: 'Order pizza',
      description: 'Asks for an order through a form with multi-select and titled choices (elicitation/create), then reports what came back.',
      inputSchema: { type: 'object', properties: {} },
      annotations: { readOnlyHint: true, openWorldHint: false },
      run: async (_args, ctx) => {
        const answer = await ctx.elicit('What would you like on your pizza?', {
          type: 'object',
          properties: {
            size: {
              type: 'string',
              title: 'Size',
              oneOf: [
                { const: 's', title: 'Small (25 cm)' },
                { const: 'm', title: 'Medium (30 cm)' },
                { const: 'l', title: 'Large (35 cm)' },
              ],
              default: 'm',
            },
            toppings: {
              type: 'array',
              title: 'Toppings',
              description: 'Up to three.',
              minItems: 1,
              maxItems: 3,
              items: { type: 'string', enum: ['cheese', 'mushrooms', 'olives', 'peppers', 'pineapple'] },
              default: ['cheese'],
            },
            extras: {
              type: 'array',
              title: 'Extras',
              items: {
                anyOf: [
                  { const: 'dip', title: 'Garlic dip' },
                  { const: 'salad', title: 'Side salad' },
                ],
              },
            },
          },
          required: ['size', 'toppings'],
        });
        if (!answer) return { content: [text('This client does not support elicitation.')], isError: true };
        return { content: [text(`${answer.action}: ${JSON.stringify(answer.content ?? {})}`)] };
      },
    },
  ];
}

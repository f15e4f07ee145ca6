// The modern demo's tools. Two are multi-round (2026-07-28 `input_required`):
// confirm_deploy asks an elicitation form, summarize asks for sampling; the
// SDK's legacy shim turns the same handlers into real server→client requests
// for a 2025 client. forecast's `region` is mirrored into a header.
import { acceptedContent, fromJsonSchema, inputRequired, inputResponse, type McpServer, type RequestStateCodec } from '@modelcontextprotocol/server';
import * as z from 'zod';
import { FORECAST_HEADER } from './catalog.js';

const text = (t: string) => ({ content: [{ type: 'text' as const, text: t }] });

/** What confirm_deploy keeps between rounds, sealed (HMAC) in `requestState`. */
interface DeployState {
  service: string;
}

const confirmSchema = z.object({
  confirm: z.boolean().describe('Deploy now?'),
  note: z.string().optional().describe('A note for the change log'),
});

export function registerModernTools(server: McpServer, state: RequestStateCodec<DeployState>): void {
  server.registerTool(
    'echo',
    { title: 'Echo', description: 'Returns the text it is given.', inputSchema: z.object({ text: z.string().describe('What to echo') }) },
    ({ text: t }) => text(t),
  );

  server.registerTool(
    'add',
    {
      title: 'Add',
      description: 'Adds two numbers, as text and as structured content.',
      inputSchema: z.object({ a: z.number(), b: z.number() }),
      outputSchema: z.object({ sum: z.number() }),
    },
    ({ a, b }) => ({ ...text(String(a + b)), structuredContent: { sum: a + b } }),
  );

  server.registerTool(
    'confirm_deploy',
    {
      title: 'Confirm a deploy',
      description: 'Multi-round: asks you (an elicitation form) to confirm, then deploys. The service name rides in a signed requestState.',
      inputSchema: z.object({ service: z.string().describe('The service to deploy') }),
    },
    async ({ service }, ctx) => {
      const kept = ctx.mcpReq.requestState<DeployState>();
      if (kept === undefined) {
        return inputRequired({
          inputRequests: { confirm: inputRequired.elicit({ message: `Deploy ${service} to production?`, requestedSchema: confirmSchema }) },
          requestState: await state.mint({ service }),
        });
      }
      const answer = inputResponse(ctx.mcpReq.inputResponses, 'confirm');
      if (answer.kind !== 'elicit') {
        // No answer to our question: ask again, keeping the same state.
        return inputRequired({
          inputRequests: { confirm: inputRequired.elicit({ message: `Deploy ${kept.service} to production?`, requestedSchema: confirmSchema }) },
          requestState: await state.mint(kept),
        });
      }
      const content = acceptedContent(ctx.mcpReq.inputResponses, 'confirm', confirmSchema);
      if (answer.action !== 'accept' || content?.confirm !== true) return text(`Deploy of ${kept.service} cancelled (${answer.action}).`);
      return text(`Deployed ${kept.service}${content.note ? ` — note: ${content.note}` : ''}.`);
    },
  );

  server.registerTool(
    'summarize',
    {
      title: 'Summarize',
      description: 'Multi-round: asks your client for a sampling/createMessage summary of the text, then returns it.',
      inputSchema: z.object({ text: z.string().describe('The text to summarize') }),
    },
    ({ text: input }, ctx) => {
      const answer = inputResponse(ctx.mcpReq.inputResponses, 'summary');
      if (answer.kind !== 'sampling') {
        return inputRequired({
          inputRequests: {
            summary: inputRequired.createMessage({
              messages: [{ role: 'user', content: { type: 'text', text: `Summarize in one sentence:\n\n${input}` } }],
              maxTokens: 200,
            }),
          },
        });
      }
      const { content } = answer.result;
      const reply = Array.isArray(content) ? content : [content];
      const words = reply.map((c) => (c.type === 'text' ? c.text : `[${c.type}]`)).join(' ');
      return text(`Summary (${answer.result.model}): ${words}`);
    },
  );

  // Written as JSON Schema (not zod) so the `x-mcp-header` annotation is exactly as the spec spells it;
  // a variable, not a literal argument, as the SDK's JSON Schema type does not name that keyword.
  const region = { type: 'string', description: 'Where; sent as the Mcp-Param-Region header too', 'x-mcp-header': FORECAST_HEADER } as const;
  const forecastSchema = fromJsonSchema<{ region: string; days?: number }>({
    type: 'object',
    properties: { region, days: { type: 'integer', minimum: 1, maximum: 7, description: 'How many days (1–7, default 3)' } },
    required: ['region'],
  });
  server.registerTool(
    'forecast',
    { title: 'Forecast', description: 'A made-up forecast; its region argument is header-mirrored (x-mcp-header).', inputSchema: forecastSchema },
    ({ region, days = 3 }) => {
      const skies = ['sunny', 'cloudy', 'rainy', 'windy'];
      const lines = Array.from({ length: days }, (_, i) => `day ${i + 1}: ${skies[(region.length + i) % skies.length]}`);
      return text(`Forecast for ${region}:\n${lines.join('\n')}`);
    },
  );
}

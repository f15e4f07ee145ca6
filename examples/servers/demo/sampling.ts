// The demo's tool that samples: it asks the client for an LLM completion
// (sampling/createMessage) and returns what came back, so a person can answer
// a sampling request in mcpscope with nothing else installed.
import type { DemoTool } from './tools.js';

export const samplingTools: DemoTool[] = [
  {
    name: 'ask_model',
    title: 'Ask the model',
    description: "Asks the client's LLM (sampling/createMessage) to answer the prompt, then returns the reply and the model that gave it.",
    inputSchema: {
      type: 'object',
      properties: {
        prompt: { type: 'string', description: 'What to ask', default: 'Write a haiku about protocol debugging.' },
        maxTokens: { type: 'integer', description: 'Most tokens to sample', minimum: 1, default: 200 },
      },
      required: ['prompt'],
    },
    annotations: { readOnlyHint: true, openWorldHint: true },
    run: async (args, ctx) => {
      const reply = await ctx.sample({
        messages: [{ role: 'user', content: { type: 'text', text: String(args.prompt) } }],
        systemPrompt: 'You are answering the mcpscope demo server.',
        modelPreferences: { hints: [{ name: 'claude' }], intelligencePriority: 0.5, speedPriority: 0.8 },
        maxTokens: typeof args.maxTokens === 'number' ? args.maxTokens : 200,
      });
      if (!reply) return { content: [{ type: 'text', text: 'This client does not support sampling.' }], isError: true };
      const blocks = Array.isArray(reply.content) ? reply.content : [reply.content];
      const said = blocks.map((b) => (b.type === 'text' ? b.text : `[${b.type}]`)).join('\n');
      return { content: [{ type: 'text', text: `${reply.model} said (${reply.stopReason ?? 'no stopReason'}): ${said}` }] };
    },
  },
];

// The demo's tool that changes its mind: it asks the client something
// (elicitation/create or sampling/createMessage), then cancels that request
// with notifications/cancelled before an answer comes, as a server may when it
// no longer needs one — so a person can watch the client's dialog close.
import type { DemoTool } from './tools.js';

const text = (t: string) => ({ type: 'text', text: t });

export const askThenWithdrawTool: DemoTool = {
  name: 'ask_then_withdraw',
  title: 'Ask, then withdraw',
  description: 'Asks the user (elicitation/create) or the LLM (sampling/createMessage), then cancels that request after afterMs with notifications/cancelled.',
  inputSchema: {
    type: 'object',
    properties: {
      ask: { type: 'string', enum: ['elicitation', 'sampling'], description: 'What to ask the client', default: 'elicitation' },
      afterMs: { type: 'integer', description: 'How long to wait before cancelling (ms)', minimum: 0, maximum: 60000, default: 1500 },
    },
  },
  annotations: { readOnlyHint: true, openWorldHint: false },
  run: async (args, ctx) => {
    const what = args.ask === 'sampling' ? 'sampling/createMessage' : 'elicitation/create';
    const afterMs = typeof args.afterMs === 'number' ? args.afterMs : 1500;
    const giveUp = new AbortController();
    const timer = setTimeout(() => giveUp.abort(`The demo no longer needs the answer (cancelled after ${afterMs} ms).`), afterMs);
    try {
      const answer =
        what === 'sampling/createMessage'
          ? await ctx.sample(
              { messages: [{ role: 'user', content: { type: 'text', text: 'Never mind: this will be cancelled.' } }], maxTokens: 50 },
              giveUp.signal,
            )
          : await ctx.elicit(
              'This question will be cancelled shortly.',
              { type: 'object', properties: { name: { type: 'string', title: 'Name' } } },
              giveUp.signal,
            );
      if (!answer) return { content: [text(`This client does not support ${what}.`)], isError: true };
      return { content: [text(`${what} was answered before the cancel: ${JSON.stringify(answer)}`)] };
    } catch (err) {
      if (!giveUp.signal.aborted) throw err;
      ctx.log(`demo: ask_then_withdraw cancelled its ${what} after ${afterMs} ms`);
      return { content: [text(`Asked with ${what}, then cancelled it after ${afterMs} ms (notifications/cancelled).`)] };
    } finally {
      clearTimeout(timer);
    }
  },
};

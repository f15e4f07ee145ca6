// The demo server's prompts.
import { tripPrompt } from './completions.js';

export interface DemoPrompt {
  name: string;
  title: string;
  description: string;
  arguments: Array<{ name: string; description: string; required?: boolean }>;
  get(args: Record<string, string>): { description: string; messages: Array<Record<string, unknown>> };
}

export const demoPrompts: DemoPrompt[] = [
  {
    name: 'code_review',
    title: 'Code review',
    description: 'Ask for a review of a piece of code.',
    arguments: [
      { name: 'language', description: 'Programming language', required: true },
      { name: 'focus', description: 'What to look at (e.g. security)' },
    ],
    get: (args) => ({
      description: `Review ${args.language} code`,
      messages: [
        {
          role: 'user',
          content: {
            type: 'text',
            text: `Please review this ${args.language} code${args.focus ? `, focusing on ${args.focus}` : ''}.`,
          },
        },
        { role: 'assistant', content: { type: 'text', text: 'Sure: paste the code and I will review it.' } },
      ],
    }),
  },
  {
    name: 'explain_readme',
    title: 'Explain the README',
    description: 'A prompt that embeds a resource.',
    arguments: [],
    get: () => ({
      description: 'Explain the demo README',
      messages: [
        {
          role: 'user',
          content: {
            type: 'resource',
            resource: { uri: 'demo://readme', mimeType: 'text/plain', text: 'mcpscope demo server README' },
          },
        },
      ],
    }),
  },
  tripPrompt,
];

// The demo server's tools: plain JSON Schemas (so `$ref`, nullable types and
// bounds are exactly what a form must handle) and their handlers.
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { logEachLevel, type DemoLogLevel } from './logging.js';
import type { CreateMessageRequest, CreateMessageResult } from '@modelcontextprotocol/sdk/types.js';
import { chartPng, toneWav } from './media.js';

// ajv-formats ships CommonJS; under NodeNext its default export is the module object.
const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => Ajv2020;

export interface ToolContext {
  signal: AbortSignal;
  /** Sends notifications/progress when the client asked for it. */
  progress(progress: number, total?: number, message?: string): Promise<void>;
  log(line: string): void;
  /** Sends notifications/message, unless it is below the level the client set. */
  sendLog(level: DemoLogLevel, logger: string, data: unknown): Promise<void>;
  /** Asks the user through the client (elicitation/create); undefined when the client cannot. Aborting `signal` cancels the request. */
  elicit(
    message: string,
    requestedSchema: Record<string, unknown>,
    signal?: AbortSignal,
  ): Promise<{ action: string; content?: Record<string, unknown> } | undefined>;
  /** Asks the client's LLM (sampling/createMessage); undefined when the client cannot. Aborting `signal` cancels the request. */
  sample(params: CreateMessageRequest['params'], signal?: AbortSignal): Promise<CreateMessageResult | undefined>;
}

export interface ToolResult {
  content: Array<Record<string, unknown>>;
  structuredContent?: Record<string, unknown>;
  isError?: boolean;
  [key: string]: unknown;
}

export interface DemoTool {
  name: string;
  title: string;
  description: string;
  inputSchema: Record<string, unknown>;
  outputSchema?: Record<string, unknown>;
  annotations?: Record<string, boolean | string>;
  /** Listed as it is (an app tool's `_meta.ui`). */
  _meta?: Record<string, unknown>;
  run(args: Record<string, unknown>, ctx: ToolContext): Promise<ToolResult>;
}

const text = (t: string) => ({ type: 'text', text: t });
export const num = (description: string) => ({ type: 'number', description });
const pure = { readOnlyHint: true, idempotentHint: true, openWorldHint: false };

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const t = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(t);
      reject(new Error('cancelled'));
    });
  });
}

/** write_note's notes, for the life of the process. */
const notes = new Map<string, string>();

export const demoTools: DemoTool[] = [
  {
    name: 'add',
    title: 'Add',
    description: 'Add two numbers and return the sum.',
    inputSchema: { type: 'object', properties: { a: num('First addend'), b: num('Second addend') }, required: ['a', 'b'] },
    annotations: pure,
    run: async ({ a, b }) => ({ content: [text(String((a as number) + (b as number)))] }),
  },
  {
    name: 'multiply',
    title: 'Multiply',
    description: 'Multiply two numbers and return the product.',
    inputSchema: { type: 'object', properties: { a: num('First factor'), b: num('Second factor') }, required: ['a', 'b'] },
    annotations: pure,
    run: async ({ a, b }) => ({ content: [text(String((a as number) * (b as number)))] }),
  },
  {
    name: 'echo',
    title: 'Echo',
    description: 'Return the message unchanged.',
    inputSchema: {
      type: 'object',
      properties: { message: { type: 'string', description: 'Text to echo back' } },
      required: ['message'],
    },
    annotations: pure,
    run: async ({ message }) => ({ content: [text(message as string)] }),
  },
  {
    name: 'create_order',
    title: 'Create order',
    description: 'Place an order: a nested schema with a $ref, an array of objects, an enum, a nullable note and integer bounds.',
    inputSchema: {
      type: 'object',
      $defs: {
        person: {
          type: 'object',
          title: 'Person',
          properties: {
            name: { type: 'string', minLength: 1, description: 'Full name' },
            email: { type: 'string', format: 'email' },
          },
          required: ['name'],
        },
      },
      properties: {
        customer: { $ref: '#/$defs/person', description: 'Who the order is for' },
        items: {
          type: 'array',
          description: 'Order lines',
          minItems: 1,
          items: {
            type: 'object',
            properties: {
              sku: { type: 'string', pattern: '^[A-Z]{3}-\\d{3}$', description: 'Like ABC-123' },
              quantity: { type: 'integer', minimum: 1, maximum: 100, default: 1 },
              gift: { type: 'boolean', default: false },
            },
            required: ['sku', 'quantity'],
          },
        },
        priority: { type: 'string', enum: ['low', 'normal', 'high'], default: 'normal' },
        note: { type: ['string', 'null'], description: 'Send null to clear the note' },
        deliverBy: { type: 'string', format: 'date' },
      },
      required: ['customer', 'items', 'priority'],
    },
    outputSchema: {
      type: 'object',
      properties: {
        orderId: { type: 'string' },
        lines: { type: 'integer' },
        units: { type: 'integer' },
        priority: { type: 'string' },
        note: { type: ['string', 'null'] },
      },
      required: ['orderId', 'lines', 'units', 'priority'],
    },
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
    run: async (args) => {
      const items = args.items as Array<{ quantity: number }>;
      const units = items.reduce((n, i) => n + i.quantity, 0);
      const structured = {
        orderId: `ORD-${1000 + units}`,
        lines: items.length,
        units,
        priority: args.priority as string,
        note: (args.note as string | null | undefined) ?? null,
      };
      return { content: [text(JSON.stringify(structured))], structuredContent: structured };
    },
  },
  {
    name: 'get_weather',
    title: 'Weather',
    description: 'Current weather for a city, as structuredContent matching the outputSchema.',
    inputSchema: {
      type: 'object',
      properties: {
        city: { type: 'string', description: 'City name', default: 'Lisbon' },
        units: {
          type: 'string',
          oneOf: [
            { const: 'metric', title: 'Metric (°C)' },
            { const: 'imperial', title: 'Imperial (°F)' },
          ],
          default: 'metric',
        },
      },
    },
    outputSchema: {
      type: 'object',
      properties: {
        city: { type: 'string' },
        temperature: { type: 'number' },
        units: { type: 'string', enum: ['metric', 'imperial'] },
        conditions: { type: 'string', enum: ['sunny', 'cloudy', 'rain'] },
        humidity: { type: 'integer', minimum: 0, maximum: 100 },
      },
      required: ['city', 'temperature', 'units', 'conditions', 'humidity'],
    },
    annotations: { readOnlyHint: true, openWorldHint: true },
    run: async (args) => {
      const city = (args.city as string | undefined) ?? 'Lisbon';
      const units = (args.units as string | undefined) ?? 'metric';
      const c = 12 + (city.length % 15);
      const structured = {
        city,
        temperature: units === 'metric' ? c : Math.round(c * 1.8 + 32),
        units,
        conditions: ['sunny', 'cloudy', 'rain'][city.length % 3]!,
        humidity: 40 + ((city.length * 7) % 50),
      };
      return { content: [text(JSON.stringify(structured))], structuredContent: structured };
    },
  },
  {
    name: 'render_chart',
    title: 'Render chart',
    description: 'Return a PNG bar chart of the given values as an image content block.',
    inputSchema: {
      type: 'object',
      properties: {
        values: { type: 'array', items: { type: 'number', minimum: 0 }, default: [3, 7, 2, 9, 5] },
      },
    },
    annotations: pure,
    run: async (args) => {
      const values = (args.values as number[] | undefined) ?? [3, 7, 2, 9, 5];
      return {
        content: [text(`A bar chart of ${values.length} values.`), { type: 'image', mimeType: 'image/png', data: chartPng(values).toString('base64') }],
      };
    },
  },
  {
    name: 'play_tone',
    title: 'Play tone',
    description: 'Return a short sine tone as an audio content block (WAV).',
    inputSchema: {
      type: 'object',
      properties: { frequency: { type: 'integer', minimum: 100, maximum: 2000, default: 440 } },
    },
    annotations: pure,
    run: async (args) => ({
      content: [{ type: 'audio', mimeType: 'audio/wav', data: toneWav((args.frequency as number | undefined) ?? 440).toString('base64') }],
    }),
  },
  {
    name: 'slow_count',
    title: 'Slow count',
    description: 'Count slowly, sending progress after each step; honours notifications/cancelled.',
    inputSchema: {
      type: 'object',
      properties: {
        steps: { type: 'integer', minimum: 1, maximum: 100, default: 5 },
        delayMs: { type: 'integer', minimum: 0, maximum: 10000, default: 500 },
      },
    },
    annotations: pure,
    run: async (args, ctx) => {
      const steps = (args.steps as number | undefined) ?? 5;
      const delayMs = (args.delayMs as number | undefined) ?? 500;
      for (let i = 1; i <= steps; i++) {
        await sleep(delayMs, ctx.signal);
        await ctx.progress(i, steps, `step ${i} of ${steps}`);
      }
      return { content: [text(`Counted to ${steps}.`)] };
    },
  },
  {
    name: 'sign_up',
    title: 'Sign up',
    description: 'Asks the user for their details through elicitation/create, then reports what came back.',
    inputSchema: { type: 'object', properties: {} },
    annotations: { readOnlyHint: true, openWorldHint: false },
    run: async (_args, ctx) => {
      const answer = await ctx.elicit('Please tell us about yourself.', {
        type: 'object',
        properties: {
          name: { type: 'string', title: 'Name', default: 'Ann' },
          age: { type: 'integer', title: 'Age', minimum: 0, maximum: 150 },
          plan: { type: 'string', title: 'Plan', enum: ['free', 'pro'], enumNames: ['Free', 'Pro'], default: 'free' },
          newsletter: { type: 'boolean', title: 'Newsletter', default: false },
        },
        required: ['name', 'age'],
      });
      if (!answer) return { content: [text('This client does not support elicitation.')], isError: true };
      return { content: [text(`${answer.action}: ${JSON.stringify(answer.content ?? {})}`)] };
    },
  },
  {
    name: 'fail',
    title: 'Fail',
    description: 'Always fails with isError: true (a tool error, not a protocol error).',
    inputSchema: { type: 'object', properties: { reason: { type: 'string', default: 'This tool always fails.' } } },
    annotations: pure,
    run: async (args) => ({ content: [text((args.reason as string | undefined) ?? 'This tool always fails.')], isError: true }),
  },
  {
    name: 'write_note',
    title: 'Write note',
    description: "Overwrite a note kept in the demo server's memory (nothing touches the disk). Marked destructive: it replaces what was there.",
    inputSchema: {
      type: 'object',
      properties: {
        name: { type: 'string', description: 'Which note', default: 'todo' },
        content: { type: 'string', description: 'The new text of the note; may span lines' },
      },
      required: ['name', 'content'],
    },
    annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
    run: async ({ name, content }) => {
      const body = content as string;
      const replaced = notes.has(name as string);
      notes.set(name as string, body);
      const lines = body.split('\n').length;
      return { content: [text(`${replaced ? 'Replaced' : 'Wrote'} note ${JSON.stringify(name)}: ${lines} line${lines === 1 ? '' : 's'}.`)] };
    },
  },
  logEachLevel,
];

const ajv = addFormats(new Ajv2020({ allErrors: true, strict: false }));
const validators = new Map(demoTools.map((t) => [t.name, ajv.compile(t.inputSchema)]));

/** Validate arguments; a message for the model when they do not fit. */
export function argumentProblems(tool: DemoTool, args: unknown): string | undefined {
  // Tools from other files of the demo are compiled on their first call.
  let validate = validators.get(tool.name);
  if (!validate) validators.set(tool.name, (validate = ajv.compile(tool.inputSchema)));
  if (validate(args)) return undefined;
  return (validate.errors ?? []).map((e) => `${e.instancePath || '(arguments)'} ${e.message ?? 'is invalid'}`).join('; ');
}

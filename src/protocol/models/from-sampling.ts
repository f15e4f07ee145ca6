// A sampling/createMessage request as a model request: the same words, content
// always as arrays (before 2025-11-25 a message holds one block), and only what
// the spec defines passed on. Run after samplingRequestProblems: a request that
// calls for -32602 never gets here, so fields of the wrong type are just left out.
import { isRecord, isStringArray } from '../json/guards.js';
import { samplingBlocks } from '../sampling/content.js';
import type { ModelContent, ModelMessage, ModelRef, ModelRequest, ModelTool } from './contract.js';

const TOOL_CHOICES = ['auto', 'required', 'none'] as const;

const blocks = (content: unknown): ModelContent[] =>
  samplingBlocks(content).flatMap((b) => (isRecord(b) && typeof b.type === 'string' ? [b as ModelContent] : []));

function messages(value: unknown): ModelMessage[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((m): ModelMessage[] =>
    isRecord(m) && (m.role === 'user' || m.role === 'assistant') ? [{ role: m.role, content: blocks(m.content) }] : [],
  );
}

function tools(value: unknown): ModelTool[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((t): ModelTool[] =>
    isRecord(t) && typeof t.name === 'string'
      ? [
          {
            name: t.name,
            ...(typeof t.description === 'string' ? { description: t.description } : {}),
            inputSchema: isRecord(t.inputSchema) ? t.inputSchema : { type: 'object' },
          },
        ]
      : [],
  );
}

export function modelRequestFromSampling(params: Record<string, unknown>, model: ModelRef): ModelRequest {
  const offered = tools(params.tools);
  const mode = isRecord(params.toolChoice) ? params.toolChoice.mode : undefined;
  const choice = TOOL_CHOICES.find((c) => c === mode);
  return {
    model,
    messages: messages(params.messages),
    maxTokens: typeof params.maxTokens === 'number' ? params.maxTokens : 1,
    ...(typeof params.systemPrompt === 'string' && params.systemPrompt !== '' ? { systemPrompt: params.systemPrompt } : {}),
    ...(typeof params.temperature === 'number' ? { temperature: params.temperature } : {}),
    ...(isStringArray(params.stopSequences) && params.stopSequences.length ? { stopSequences: params.stopSequences } : {}),
    ...(offered.length ? { tools: offered, ...(choice ? { toolChoice: { mode: choice } } : {}) } : {}),
  };
}

// A model in the loop: the words the proxy's model providers, the CLI's
// `--sampling model:…`, the page's sampling and chat share. Types only; the
// providers live in node/models/. Content blocks are MCP's sampling content
// (text, image, audio, tool_use, tool_result), so a sampling request maps onto a
// model request without renaming.

/** The providers mcpscope speaks to. `openai-compatible` is any endpoint with OpenAI's chat completions API. */
export type ModelProviderKind = 'anthropic' | 'openai' | 'openai-compatible';

/** A model, written `PROVIDER/MODEL` (`anthropic/claude-sonnet-4-5`, `openai/gpt-5`, `openai-compatible/llama3.2`). */
export interface ModelRef {
  provider: ModelProviderKind;
  model: string;
  /** The endpoint, when not the provider's own (required for openai-compatible). */
  baseUrl?: string;
}

/** A block of MCP sampling content, as it is on the wire. */
export type ModelContent = Record<string, unknown> & { type: string };

export interface ModelMessage {
  role: 'user' | 'assistant';
  content: readonly ModelContent[];
}

/** A tool offered to the model, as MCP describes one. */
export interface ModelTool {
  name: string;
  description?: string;
  inputSchema: Record<string, unknown>;
}

/** What is asked of a model: a sampling request's params, with the model chosen. */
export interface ModelRequest {
  model: ModelRef;
  systemPrompt?: string;
  messages: readonly ModelMessage[];
  maxTokens: number;
  temperature?: number;
  stopSequences?: readonly string[];
  tools?: readonly ModelTool[];
  /** MCP's toolChoice (2025-11-25): auto, required or none. */
  toolChoice?: { mode: 'auto' | 'required' | 'none' };
}

export interface ModelUsage {
  inputTokens: number;
  outputTokens: number;
}

/** The model's answer, in MCP's words (a CreateMessageResult's role, content, model and stopReason). */
export interface ModelReply {
  role: 'assistant';
  content: readonly ModelContent[];
  /** The model that answered, as the provider names it. */
  model: string;
  /** endTurn, stopSequence, maxTokens, toolUse, or the provider's own word. */
  stopReason: string;
  usage: ModelUsage;
  /** US dollars, when the model's price is known. */
  costUsd?: number;
  latencyMs: number;
  /** What the provider could not take as asked (a setting it ignores, e.g. temperature on a reasoning model), one sentence each. */
  warnings?: readonly string[];
}

/** Why a model call failed, with the provider's own words where it gave some. */
export interface ModelFailure {
  kind: 'no-key' | 'auth' | 'unreachable' | 'timeout' | 'rate-limited' | 'bad-request' | 'provider';
  /** One sentence saying what happened and what to do. */
  message: string;
  status?: number;
  /** Worth offering "Try again". */
  retryable: boolean;
}

export type ModelOutcome = { ok: true; reply: ModelReply } | { ok: false; failure: ModelFailure };

// One model request, start to end: the settings checked, the request sent
// through the AI SDK's generateText (tools offered without `execute`, so a tool
// call comes back as tool_use content for the caller to run), and the outcome
// in MCP's words — a reply with stop reason, usage, cost and latency, or a
// failure that says what happened. The SDK's own retries are off: a retry is
// the person's choice ("Try again"), and a failure is never hidden behind three.
import { generateText, jsonSchema, tool, type FinishReason, type ToolSet, type Warning } from 'ai';
import { DEFAULT_MODEL_TIMEOUT_MS, costUsd, type ModelFailure, type ModelOutcome, type ModelRequest } from '../../src/protocol/wire.js';
import { fromSdkContent, toSdkMessages } from './content.js';
import { ModelTimeout, modelFailure } from './failures.js';
import { keyTransportProblem } from './model-fetch.js';
import { endpointOf, languageModel } from './providers.js';
import { PROVIDER_VARIABLES, type ModelSettings } from './settings.js';

// The SDK's warnings come back on each reply (ModelReply.warnings), said where the person looks; it never prints them itself.
(globalThis as { AI_SDK_LOG_WARNINGS?: boolean }).AI_SDK_LOG_WARNINGS = false;

/** The SDK's finish reason in MCP's words (endTurn, stopSequence, maxTokens, toolUse), else the provider's own word. */
function mcpStopReason(finish: FinishReason, raw: string | undefined): string {
  if (finish === 'stop') return raw === 'stop_sequence' ? 'stopSequence' : 'endTurn';
  if (finish === 'length') return 'maxTokens';
  if (finish === 'tool-calls') return 'toolUse';
  return raw ?? finish;
}

function toolSet(request: ModelRequest): ToolSet | undefined {
  if (!request.tools?.length) return undefined;
  // Object.fromEntries defines own properties, so a tool named "__proto__" is just a name.
  return Object.fromEntries(
    request.tools.map((t) => [t.name, tool({ ...(t.description ? { description: t.description } : {}), inputSchema: jsonSchema(t.inputSchema) })]),
  );
}

/** The SDK's warnings (a setting the provider does not take) as sentences. */
function warningSentences(warnings: readonly Warning[] | undefined): string[] {
  return (warnings ?? []).map((w) =>
    w.type === 'other'
      ? w.message
      : `${w.feature} was ${w.type === 'unsupported' ? 'not supported' : 'changed for compatibility'}${w.details ? `: ${w.details}` : ''}.`,
  );
}

type Refused = { ok: false; failure: ModelFailure };

/** The endpoint to send to, or the refusal before anything is sent: no key, no endpoint, audio to a provider that takes none. */
function endpointOrRefusal(request: ModelRequest, settings: ModelSettings): string | Refused {
  const endpoint = endpointOf(request.model, settings);
  const vars = PROVIDER_VARIABLES[request.model.provider];
  if (request.model.provider !== 'openai-compatible' && !settings.apiKey) {
    return { ok: false, failure: { kind: 'no-key', message: `No ${vars.name} API key: set ${vars.key}.`, retryable: false } };
  }
  if (endpoint === undefined) {
    return {
      ok: false,
      failure: {
        kind: 'bad-request',
        message: `An OpenAI-compatible model needs its endpoint: set ${vars.baseUrl} (for Ollama, http://localhost:11434/v1).`,
        retryable: false,
      },
    };
  }
  const problem = keyTransportProblem(endpoint, settings.apiKey !== undefined);
  if (problem) return { ok: false, failure: { kind: 'bad-request', message: problem, retryable: false } };
  if (request.model.provider === 'anthropic' && request.messages.some((m) => m.content.some((b) => b.type === 'audio'))) {
    return { ok: false, failure: { kind: 'bad-request', message: "The request holds audio, which Anthropic's Messages API does not take.", retryable: false } };
  }
  return endpoint;
}

export async function generate(request: ModelRequest, settings: ModelSettings, signal?: AbortSignal): Promise<ModelOutcome> {
  const endpoint = endpointOrRefusal(request, settings);
  if (typeof endpoint !== 'string') return endpoint;
  const timeoutMs = settings.timeoutMs ?? DEFAULT_MODEL_TIMEOUT_MS;
  const timer = new AbortController();
  const timeout = setTimeout(() => timer.abort(new ModelTimeout(`${timeoutMs} ms`)), timeoutMs);
  const abortSignal = signal ? AbortSignal.any([signal, timer.signal]) : timer.signal;
  const started = performance.now();
  try {
    const tools = toolSet(request);
    const result = await generateText({
      model: languageModel(request.model, settings, endpoint),
      ...(request.systemPrompt !== undefined ? { system: request.systemPrompt } : {}),
      messages: toSdkMessages(request.messages),
      maxOutputTokens: request.maxTokens,
      ...(request.temperature !== undefined ? { temperature: request.temperature } : {}),
      ...(request.stopSequences?.length ? { stopSequences: [...request.stopSequences] } : {}),
      ...(tools ? { tools, ...(request.toolChoice ? { toolChoice: request.toolChoice.mode } : {}) } : {}),
      maxRetries: 0,
      abortSignal,
    });
    const usage = { inputTokens: result.usage.inputTokens ?? 0, outputTokens: result.usage.outputTokens ?? 0 };
    const model = result.response.modelId || request.model.model;
    const cost = costUsd(request.model.provider, [model, request.model.model], usage);
    const warnings = warningSentences(result.warnings);
    return {
      ok: true,
      reply: {
        role: 'assistant',
        content: fromSdkContent(result.content),
        model,
        stopReason: mcpStopReason(result.finishReason, result.rawFinishReason),
        usage,
        ...(cost !== undefined ? { costUsd: cost } : {}),
        latencyMs: Math.round(performance.now() - started),
        ...(warnings.length ? { warnings } : {}),
      },
    };
  } catch (error) {
    // A caller's own time limit (the proxy's AbortSignal.timeout) is a timeout, not a cancel.
    const callerTimedOut = signal?.aborted === true && signal.reason instanceof DOMException && signal.reason.name === 'TimeoutError';
    if (signal?.aborted && !callerTimedOut) {
      const vars = PROVIDER_VARIABLES[request.model.provider];
      return { ok: false, failure: { kind: 'provider', message: `The request was cancelled before ${vars.name} answered.`, retryable: true } };
    }
    const cause = timer.signal.aborted ? timer.signal.reason : callerTimedOut ? new ModelTimeout(`${timeoutMs} ms`) : error;
    return { ok: false, failure: modelFailure(cause, request.model, { ...settings, timeoutMs }, endpoint) };
  } finally {
    clearTimeout(timeout);
  }
}

// The check's completion/complete probe: where the server declares
// completions, ask for the first prompt argument (or else the first template
// variable) with an empty value, and judge the answer by the lint rules.

import {
  completeParams,
  completionSummary,
  isRecord,
  listAll,
  outcomeMessage,
  readCompletion,
  templateVariables,
  type CompletionAsk,
  type Prompt,
  type ResourceTemplate,
} from '../src/protocol/index.js';
import type { CheckStep } from './check.js';
import type { CliConnection } from './connection.js';

const STEP = 'completion/complete';

/** The first field the server could complete, and how to name it in the report. */
async function firstField(c: CliConnection): Promise<{ ask: CompletionAsk; what: string } | undefined> {
  const caps = c.info?.capabilities ?? {};
  if (isRecord(caps.prompts)) {
    const prompts = await listAll<Prompt>(c, 'prompts');
    for (const p of prompts.items) {
      const args: unknown[] = isRecord(p) && typeof p.name === 'string' && Array.isArray(p.arguments) ? p.arguments : [];
      const arg = args.find((a): a is { name: string } => isRecord(a) && typeof a.name === 'string');
      if (arg)
        return { ask: { ref: { type: 'ref/prompt', name: p.name }, argument: { name: arg.name, value: '' } }, what: `prompt ${p.name}, argument ${arg.name}` };
    }
  }
  if (isRecord(caps.resources)) {
    const templates = await listAll<ResourceTemplate>(c, 'resourceTemplates');
    for (const t of templates.items) {
      const variable = isRecord(t) && typeof t.uriTemplate === 'string' ? templateVariables(t.uriTemplate)[0] : undefined;
      if (variable) {
        return {
          ask: { ref: { type: 'ref/resource', uri: t.uriTemplate }, argument: { name: variable.name, value: '' } },
          what: `template ${t.uriTemplate}, variable ${variable.name}`,
        };
      }
    }
  }
  return undefined;
}

export async function checkCompletion(c: CliConnection, steps: CheckStep[]): Promise<void> {
  const info = c.info;
  if (!info || !isRecord(info.capabilities.completions)) {
    steps.push({ name: STEP, status: 'skip', detail: 'the server does not declare the completions capability' });
    return;
  }
  const field = await firstField(c);
  if (!field) {
    steps.push({ name: STEP, status: 'skip', detail: 'the server lists no prompt argument or template variable to complete' });
    return;
  }
  const mark = c.serverFindings().length;
  const outcome = await c.request('completion/complete', completeParams(field.ask, info.protocolVersion));
  if (outcome.status !== 'result') {
    steps.push({ name: STEP, status: 'fail', detail: `${field.what}: ${outcomeMessage(outcome)}` });
    return;
  }
  const problems = c
    .serverFindings()
    .slice(mark)
    .filter((f) => f.rule === 'COMPLETION-RESULT' || f.rule === 'SCHEMA');
  const read = readCompletion(outcome.result);
  if (!read.ok) steps.push({ name: STEP, status: 'fail', detail: `${field.what}: ${read.problem}` });
  else if (problems.length > 0) steps.push({ name: STEP, status: 'fail', detail: `${field.what}: ${problems.map((p) => p.message).join('; ')}` });
  else steps.push({ name: STEP, status: 'pass', detail: `${field.what}: ${completionSummary(read.answer)}` });
}

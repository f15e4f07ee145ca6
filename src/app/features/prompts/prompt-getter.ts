// Get prompt: check the required arguments, then send prompts/get.

import type { ClientSession, Prompt } from '../../../protocol/index.js';
import { buildPromptParams, declaredArguments } from './prompt-arguments.js';
import type { PromptsStore } from './prompts-store.js';

export interface GetterDeps {
  store: PromptsStore;
  session: () => Pick<ClientSession, 'request'> | undefined;
  now?: () => number;
}

/** Returns false (and sends nothing) when a required argument is empty. */
export async function getPrompt(deps: GetterDeps, prompt: Prompt): Promise<boolean> {
  const { store } = deps;
  const values = store.getState().values[prompt.name] ?? {};
  const built = buildPromptParams(prompt.name, declaredArguments(prompt.arguments), values);
  if (!built.ok) {
    store.getState().setMissing(built.missing);
    return false;
  }
  const seq = store.getState().startGet(prompt.name);
  const session = deps.session();
  const outcome = session
    ? await session.request('prompts/get', built.params)
    : { status: 'refused' as const, message: 'Not connected: connect to a server first.' };
  store.getState().finishGet(seq, outcome, (deps.now ?? Date.now)());
  return true;
}

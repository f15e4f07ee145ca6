// How long one model answer may take: the proxy's default, and the bounds of a time limit the page sends with a
// generate request (its Models setting) — checked on both sides with the same sentence.

export const DEFAULT_MODEL_TIMEOUT_MS = 120_000;
export const MIN_MODEL_TIMEOUT_S = 1;
export const MAX_MODEL_TIMEOUT_S = 600;

const RANGE = `a whole number of seconds from ${MIN_MODEL_TIMEOUT_S} to ${MAX_MODEL_TIMEOUT_S}`;

/** Why `seconds` cannot be a time limit, or undefined when it can. */
export function modelTimeLimitProblem(seconds: unknown): string | undefined {
  if (typeof seconds !== 'number' || !Number.isFinite(seconds)) return `The time limit for a model answer must be ${RANGE}.`;
  if (!Number.isInteger(seconds) || seconds < MIN_MODEL_TIMEOUT_S || seconds > MAX_MODEL_TIMEOUT_S)
    return `The time limit for a model answer must be ${RANGE}, not ${seconds}.`;
  return undefined;
}

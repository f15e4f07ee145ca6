/**
 * The longest function description OpenAI's API takes: its own refusal says so ("string_above_max_length", maximum
 * length 1024); the docs do not. The chat keeps every description it sends
 * within it.
 */
export const OPENAI_MAX_DESCRIPTION = 1024;

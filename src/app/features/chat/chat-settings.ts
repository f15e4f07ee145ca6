// The Chat tab's settings: the system prompt, maxTokens and temperature of each model request, how many rounds
// of tool calls one message may cause, and whether each tool call waits for approval. Kept as typed in the
// browser's local storage (like the other preferences), so a reload offers the same, mistakes included; each
// number is read by `readChatSettings`, which says what is wrong with a field in a sentence shown beside it.

import { createStore, type StoreApi } from 'zustand/vanilla';
import { MAX_TOOL_ROUNDS } from '../../../protocol/index.js';
import type { SettingsStorage } from '../../components/icons/icon-origins.js';

const KEY = 'mcpscope.chatSettings';

/** The fields as typed. */
export interface ChatSettings {
  systemPrompt: string;
  maxTokensText: string;
  /** Empty: the provider's default. */
  temperatureText: string;
  maxRoundsText: string;
  approveEach: boolean;
}

/** What one run of the chat is given, read from the fields. */
export interface ChatRunSettings {
  /** Undefined: none is sent. */
  systemPrompt?: string;
  maxTokens: number;
  temperature?: number;
  /** Rounds of tool calls one message of the person may cause. */
  maxRounds: number;
  approveEach: boolean;
}

export type ChatSettingsField = 'maxTokens' | 'temperature' | 'maxRounds';
export type ChatSettingsProblems = Partial<Record<ChatSettingsField, string>>;

export const DEFAULT_CHAT_SETTINGS: ChatSettings = {
  systemPrompt: '',
  maxTokensText: '4096',
  temperatureText: '',
  maxRoundsText: String(MAX_TOOL_ROUNDS),
  approveEach: false,
};

/** The largest maxTokens and round limit accepted: past these a typing slip is likelier than a wish. */
const MAX_TOKENS_LIMIT = 1_000_000;
const MAX_ROUNDS_LIMIT = 100;
const MAX_TEMPERATURE = 2;

function wholeNumber(text: string, limit: number): number | undefined {
  const trimmed = text.trim();
  if (!/^\d+$/.test(trimmed)) return undefined;
  const n = Number(trimmed);
  return n >= 1 && n <= limit ? n : undefined;
}

export function readChatSettings(s: ChatSettings): { ok: true; value: ChatRunSettings } | { ok: false; problems: ChatSettingsProblems } {
  const problems: ChatSettingsProblems = {};
  const maxTokens = wholeNumber(s.maxTokensText, MAX_TOKENS_LIMIT);
  if (maxTokens === undefined)
    problems.maxTokens = `Max tokens must be a whole number from 1 to ${MAX_TOKENS_LIMIT.toLocaleString('en')}: it is the most the model may write in one reply.`;
  const temperatureText = s.temperatureText.trim();
  const temperature = temperatureText === '' ? undefined : Number(temperatureText);
  if (temperature !== undefined && !(Number.isFinite(temperature) && temperature >= 0 && temperature <= MAX_TEMPERATURE))
    problems.temperature = `Temperature must be a number from 0 to ${MAX_TEMPERATURE} (for example 0.7), or empty for the provider's default.`;
  const maxRounds = wholeNumber(s.maxRoundsText, MAX_ROUNDS_LIMIT);
  if (maxRounds === undefined)
    problems.maxRounds = `Max rounds must be a whole number from 1 to ${MAX_ROUNDS_LIMIT}: how many rounds of tool calls one message may cause.`;
  if (maxTokens === undefined || maxRounds === undefined || problems.temperature !== undefined) return { ok: false, problems };
  const systemPrompt = s.systemPrompt.trim() === '' ? undefined : s.systemPrompt;
  return {
    ok: true,
    value: {
      ...(systemPrompt !== undefined ? { systemPrompt } : {}),
      maxTokens,
      ...(temperature !== undefined ? { temperature } : {}),
      maxRounds,
      approveEach: s.approveEach,
    },
  };
}

/** The saved fields, each one the defaults' where storage holds nothing usable (edited by hand, an old format). */
function readSaved(storage: SettingsStorage | undefined): ChatSettings {
  try {
    const parsed: unknown = JSON.parse(storage?.getItem(KEY) ?? 'null');
    if (typeof parsed !== 'object' || parsed === null) return DEFAULT_CHAT_SETTINGS;
    const v = parsed as Record<string, unknown>;
    const text = (key: Exclude<keyof ChatSettings, 'approveEach'>): string => {
      const saved = v[key];
      return typeof saved === 'string' ? saved : DEFAULT_CHAT_SETTINGS[key];
    };
    return {
      systemPrompt: text('systemPrompt'),
      maxTokensText: text('maxTokensText'),
      temperatureText: text('temperatureText'),
      maxRoundsText: text('maxRoundsText'),
      approveEach: typeof v.approveEach === 'boolean' ? v.approveEach : DEFAULT_CHAT_SETTINGS.approveEach,
    };
  } catch {
    return DEFAULT_CHAT_SETTINGS;
  }
}

export interface ChatSettingsState extends ChatSettings {
  set(patch: Partial<ChatSettings>): void;
  reset(): void;
}

export type ChatSettingsStore = StoreApi<ChatSettingsState>;

export function createChatSettings(storage: SettingsStorage | undefined): ChatSettingsStore {
  return createStore<ChatSettingsState>()((set, get) => {
    const save = (): void => {
      const { systemPrompt, maxTokensText, temperatureText, maxRoundsText, approveEach } = get();
      try {
        storage?.setItem(KEY, JSON.stringify({ systemPrompt, maxTokensText, temperatureText, maxRoundsText, approveEach }));
      } catch {
        // Storage full or disabled: the settings last for this page view.
      }
    };
    return {
      ...readSaved(storage),
      set: (patch) => {
        set(patch);
        save();
      },
      reset: () => {
        set(DEFAULT_CHAT_SETTINGS);
        save();
      },
    };
  });
}

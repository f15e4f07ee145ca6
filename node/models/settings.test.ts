import { describe, expect, it } from 'vitest';
import { modelSettingsFromEnv } from './settings.js';

describe('modelSettingsFromEnv', () => {
  it("reads each provider's own variables, lets given settings win, and takes a blank value as none", () => {
    const env = {
      ANTHROPIC_API_KEY: 'sk-ant-env',
      ANTHROPIC_BASE_URL: 'http://127.0.0.1:1/v1',
      OPENAI_API_KEY: '  ',
      OPENAI_COMPATIBLE_BASE_URL: 'http://localhost:11434/v1',
    };
    expect(modelSettingsFromEnv('anthropic', env)).toEqual({ apiKey: 'sk-ant-env', baseUrl: 'http://127.0.0.1:1/v1' });
    expect(modelSettingsFromEnv('anthropic', env, { baseUrl: 'https://gateway.example/v1', timeoutMs: 5 })).toEqual({
      apiKey: 'sk-ant-env',
      baseUrl: 'https://gateway.example/v1',
      timeoutMs: 5,
    });
    expect(modelSettingsFromEnv('openai', env)).toEqual({});
    expect(modelSettingsFromEnv('openai-compatible', env)).toEqual({ baseUrl: 'http://localhost:11434/v1' });
  });
});

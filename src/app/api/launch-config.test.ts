import { describe, expect, it } from 'vitest';
import { LaunchConfigError, parseLaunchConfig } from './launch-config.js';

const prefill = { kind: 'stdio', command: 'node', args: ['demo.js'], env: {} };

describe('parseLaunchConfig', () => {
  it("keeps the proxy's suggested protocol choice when this page knows it", () => {
    expect(parseLaunchConfig({ version: '1.0.0', prefill, protocolChoice: 'auto' }).protocolChoice).toBe('auto');
    expect(parseLaunchConfig({ version: '1.0.0', prefill, protocolChoice: '2026-07-28' }).protocolChoice).toBe('2026-07-28');
  });

  it('leaves out a choice it does not know, and has none when the proxy gives none', () => {
    expect(parseLaunchConfig({ version: '1.0.0', prefill, protocolChoice: '2099-01-01' })).toEqual({ version: '1.0.0', prefill });
    expect(parseLaunchConfig({ version: '1.0.0', prefill })).toEqual({ version: '1.0.0', prefill });
  });

  it('refuses a prefill it cannot read, saying so', () => {
    expect(() => parseLaunchConfig({ prefill: { kind: 'carrier-pigeon' } })).toThrow(LaunchConfigError);
  });
});

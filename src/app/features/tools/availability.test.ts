import { describe, expect, it } from 'vitest';
import { callBlocked } from './availability.js';

const ok = { canSend: () => ({ ok: true as const }) };

describe('callBlocked', () => {
  it('explains each reason a call cannot be made now', () => {
    expect(callBlocked(null, undefined, undefined)).toMatch(/Not connected/);
    expect(callBlocked({ status: 'closed' }, ok, undefined)).toMatch(/Not connected/);
    expect(callBlocked({ status: 'connecting' }, ok, undefined)).toMatch(/Waiting/);
    expect(callBlocked({ status: 'ready' }, ok, { tool: { name: 'slow_count', inputSchema: {} } })).toMatch(/slow_count to finish, or cancel it/);
    expect(callBlocked({ status: 'ready' }, { canSend: () => ({ ok: false as const, reason: 'closed, connect again' }) }, undefined)).toBe(
      'closed, connect again',
    );
  });

  it('allows a call on a ready connection with nothing in flight', () => {
    expect(callBlocked({ status: 'ready' }, ok, undefined)).toBeUndefined();
  });
});

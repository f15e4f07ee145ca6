import { describe, expect, it } from 'vitest';
import { levelAvailability } from './level-availability.js';

describe('levelAvailability', () => {
  it('offers the level where the server declares logging', () => {
    expect(levelAvailability('ready', false, { logging: {} })).toEqual({ available: true, negotiated: true });
  });
  it('says why not where it does not, or before it is known', () => {
    expect(levelAvailability('ready', false, { tools: {} })).toMatchObject({ available: false, reason: expect.stringMatching(/does not declare the logging/) });
    expect(levelAvailability('initializing', false, undefined)).toMatchObject({
      available: false,
      reason: expect.stringMatching(/^Waiting for the initialize/),
    });
    expect(levelAvailability('closed', false, { logging: {} })).toMatchObject({ available: false, reason: expect.stringMatching(/^Not connected/) });
    expect(levelAvailability(undefined, false, undefined)).toMatchObject({ available: false });
  });
  it('a capabilities object that inherits "logging" does not declare it', () => {
    expect(levelAvailability('ready', false, Object.create({ logging: {} }) as Record<string, unknown>)).toMatchObject({ available: false });
  });
  it('without initialize nothing was negotiated: offered, marked so', () => {
    expect(levelAvailability('ready', true, undefined)).toEqual({ available: true, negotiated: false });
  });
  it('on a modern server speaks of server/discover, not logging/setLevel', () => {
    const reason = levelAvailability('ready', false, { tools: {} }, true);
    expect(reason).toMatchObject({ available: false, reason: expect.stringMatching(/^server\/discover does not declare the logging/) });
    expect(levelAvailability('ready', false, { logging: {} }, true)).toEqual({ available: true, negotiated: true });
  });
});

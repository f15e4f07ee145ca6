import { describe, expect, it } from 'vitest';
import { permissionsSentence } from './PermissionsPrompt.js';
import { teardownSentence } from './teardown-words.js';

describe('teardownSentence', () => {
  it('says how the app answered ui/resource-teardown, and that its frame goes either way', () => {
    expect(teardownSentence({ kind: 'answered', ms: 1234 })).toBe('The app answered ui/resource-teardown in 1,234 ms; its frame is removed.');
    expect(teardownSentence({ kind: 'error', ms: 3, message: 'still saving' })).toBe(
      'The app answered ui/resource-teardown with an error (still saving); its frame is removed all the same.',
    );
    expect(teardownSentence({ kind: 'timeout', ms: 1000 })).toMatch(/^The app did not answer ui\/resource-teardown within 1 s, so its frame was removed/);
  });

  it('says an app that never started was removed at once, and why there was nobody to ask', () => {
    expect(teardownSentence({ kind: 'not-started', reason: 'no-sandbox' })).toBe(
      "The app's sandbox never started: there was no app to send ui/resource-teardown to, so it was removed at once.",
    );
    expect(teardownSentence({ kind: 'not-started', reason: 'no-frame' })).toMatch(
      /^The app's frame had no window to talk to, so its session never started: .* removed at once\.$/,
    );
    expect(teardownSentence({ kind: 'not-started', reason: 'sandbox-silent' })).toMatch(
      /^The app's sandbox never said it was ready \(ui\/notifications\/sandbox-proxy-ready\), so the app was never handed its HTML: .* removed at once\.$/,
    );
  });
});

describe('permissionsSentence', () => {
  it('names what was allowed, or that all the declared ones were denied', () => {
    const declared = { camera: true, clipboardWrite: true } as const;
    expect(permissionsSentence(declared, declared)).toBe(
      "You allowed the permissions the app's resource declares (camera, writing to the clipboard): its frame is given exactly those.",
    );
    expect(permissionsSentence(declared, {})).toBe(
      "You denied the permissions the app's resource declares (camera, writing to the clipboard): its frame is given none of them, and the browser refuses them to the app.",
    );
  });
});

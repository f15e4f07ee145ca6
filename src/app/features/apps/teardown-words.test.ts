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

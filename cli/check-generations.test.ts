import { describe, expect, it } from 'vitest';
import type { ConnectFailureCause, ConnectFailureText } from '../src/protocol/index.js';
import { runGenerationsCheck } from './check-generations.js';
import { ConnectError } from './connection.js';

const refusal = (cause: ConnectFailureCause, summary: string, advice = ''): ConnectError => {
  const failure: ConnectFailureText = { cause, at: 'server/discover', title: '', message: summary, advice, summary };
  return new ConnectError(failure, advice === '' ? summary : `${summary}\n${advice}`);
};

describe('check when neither generation connects', () => {
  it('the same authorization failure on both is said once, with its advice', async () => {
    const auth = () => refusal('authorization', 'OAuth step 7 (Token) failed: invalid_client.', 'Check --auth and its options.');
    const checking = runGenerationsCheck(() => Promise.reject(auth()), 'auto', undefined);
    await expect(checking).rejects.toThrow(/^OAuth step 7 \(Token\) failed: invalid_client\.\nCheck --auth and its options\.$/);
  });

  it('a modern probe that failed (not a "no") is not called "does not speak"', async () => {
    const open = (choice: string) =>
      Promise.reject(
        choice === '2026-07-28' ? refusal('transport', 'server/discover failed: the connection closed.') : refusal('refused', 'initialize failed: boom'),
      );
    await expect(runGenerationsCheck(open, 'auto', undefined)).rejects.toThrow(
      /^initialize failed: boom\nThe 2026-07-28 probe failed too: server\/discover failed: the connection closed\.$/,
    );
  });

  it('a server that speaks neither: "Nor does it speak 2026-07-28"', async () => {
    const open = (choice: string) =>
      Promise.reject(
        choice === '2026-07-28' ? refusal('not-modern', 'this server does not seem to speak 2026-07-28.') : refusal('refused', 'initialize failed: boom'),
      );
    await expect(runGenerationsCheck(open, 'auto', undefined)).rejects.toThrow(
      /^initialize failed: boom\nNor does it speak 2026-07-28: this server does not seem/,
    );
  });
});

// How an app's teardown went, as a sentence for the app's panel and the Log.

import type { NotStartedReason, TeardownOutcome } from './app-frame-contract.js';

const NOT_STARTED_WORDS: Record<NotStartedReason, string> = {
  'no-sandbox': "The app's sandbox never started",
  'no-frame': "The app's frame had no window to talk to, so its session never started",
  'sandbox-silent': "The app's sandbox never said it was ready (ui/notifications/sandbox-proxy-ready), so the app was never handed its HTML",
};

export function teardownSentence(outcome: TeardownOutcome): string {
  switch (outcome.kind) {
    case 'answered':
      return `The app answered ui/resource-teardown in ${outcome.ms.toLocaleString('en-US')} ms; its frame is removed.`;
    case 'error':
      return `The app answered ui/resource-teardown with an error (${outcome.message}); its frame is removed all the same.`;
    case 'timeout':
      return `The app did not answer ui/resource-teardown within ${(outcome.ms / 1000).toLocaleString('en-US')} s, so its frame was removed without waiting longer: an app should answer it once it has saved what it needs.`;
    case 'not-started':
      return `${NOT_STARTED_WORDS[outcome.reason]}: there was no app to send ui/resource-teardown to, so it was removed at once.`;
  }
}

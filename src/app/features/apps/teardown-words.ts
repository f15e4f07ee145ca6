// How an app's teardown went, as a sentence for the app's panel and the Log.

import type { TeardownOutcome } from './app-frame-contract.js';

export function teardownSentence(outcome: TeardownOutcome): string {
  switch (outcome.kind) {
    case 'answered':
      return `The app answered ui/resource-teardown in ${outcome.ms.toLocaleString('en-US')} ms; its frame is removed.`;
    case 'error':
      return `The app answered ui/resource-teardown with an error (${outcome.message}); its frame is removed all the same.`;
    case 'timeout':
      return `The app did not answer ui/resource-teardown within ${(outcome.ms / 1000).toLocaleString('en-US')} s, so its frame was removed without waiting longer: an app should answer it once it has saved what it needs.`;
  }
}

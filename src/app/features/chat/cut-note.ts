// What the chat tells the person under a tool call whose result was too long to give the model whole.
import type { ResultCut } from '../../../protocol/index.js';

export const cutNote = (cut: ResultCut): string =>
  `The model was given the first ${cut.given.toLocaleString('en-US')} characters of this result's ${cut.whole.toLocaleString('en-US')}; the whole result is in the Log.`;

// The sentence for an `output-held` envelope: the browser fell behind, so the
// proxy stopped reading the server for a while. Shown in the Console (and kept
// in the log) so a slow page never hides that output was delayed or dropped.

import { formatBytes, formatDuration } from '../text/format.js';
import { formatCount, plural } from '../text/plural.js';
import type { OutputHeld } from './envelope.js';

export function outputHeldNotice(held: OutputHeld): string {
  const stops = held.pauses > 1 ? `${formatCount(held.pauses)} times (${formatDuration(held.pausedMs)} in all)` : `for ${formatDuration(held.pausedMs)}`;
  const parts = [`The browser fell behind the server's output, so mcpscope stopped reading it ${stops} until the page caught up; the server waited meanwhile.`];
  if (held.heldLines > 0) {
    const were = held.heldLines === 1 ? 'was' : 'were';
    parts.push(
      `${plural(held.heldLines, 'stderr line')} (${formatBytes(held.heldBytes)}) already read ${were} held back and ${were === 'was' ? 'is' : 'are'} shown in order.`,
    );
  }
  if (held.droppedLines > 0) {
    parts.push(
      `${plural(held.droppedLines, 'stderr line')} (${formatBytes(held.droppedBytes)}) ${held.droppedLines === 1 ? 'was' : 'were'} dropped: too much stderr was waiting. Protocol frames are never dropped.`,
    );
  } else parts.push('Nothing was lost.');
  return parts.join(' ');
}

// The sentence for an `output-held` envelope: the browser fell behind, so the
// proxy stopped reading the server for a while. Shown in the Console (and kept
// in the log) so a slow page never hides that output was delayed or dropped.

import type { OutputHeld } from './envelope.js';

const count = new Intl.NumberFormat('en-US');

function amount(n: number, one: string): string {
  return `${count.format(n)} ${n === 1 ? one : `${one}s`}`;
}

function size(bytes: number): string {
  if (bytes < 1024) return amount(bytes, 'byte');
  const kib = bytes / 1024;
  return kib < 1024 ? `${kib.toFixed(1)} KiB` : `${(kib / 1024).toFixed(1)} MiB`;
}

function seconds(ms: number): string {
  return ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(1)} s`;
}

export function outputHeldNotice(held: OutputHeld): string {
  const stops = held.pauses > 1 ? `${count.format(held.pauses)} times (${seconds(held.pausedMs)} in all)` : `for ${seconds(held.pausedMs)}`;
  const parts = [`The browser fell behind the server's output, so mcpscope stopped reading it ${stops} until the page caught up; the server waited meanwhile.`];
  if (held.heldLines > 0) {
    const were = held.heldLines === 1 ? 'was' : 'were';
    parts.push(
      `${amount(held.heldLines, 'stderr line')} (${size(held.heldBytes)}) already read ${were} held back and ${were === 'was' ? 'is' : 'are'} shown in order.`,
    );
  }
  if (held.droppedLines > 0) {
    parts.push(
      `${amount(held.droppedLines, 'stderr line')} (${size(held.droppedBytes)}) ${held.droppedLines === 1 ? 'was' : 'were'} dropped: too much stderr was waiting. Protocol frames are never dropped.`,
    );
  } else parts.push('Nothing was lost.');
  return parts.join(' ');
}

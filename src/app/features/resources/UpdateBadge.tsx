// "Updated ×3 · 12:00:04": notifications/resources/updated received for a URI.

import { formatClock } from '../../../protocol/index.js';
import type { UpdateMark } from './updated-marks.js';

export function UpdateBadge({ mark }: { mark: UpdateMark | undefined }) {
  if (!mark) return null;
  const when = formatClock(mark.lastAt);
  return (
    <span className="badge updated-badge" title={`notifications/resources/updated received ${mark.count} times, last at ${when}`}>
      Updated ×{mark.count} · {when}
    </span>
  );
}

import { describe, expect, it } from 'vitest';
import { isStale, markUpdated, updatedUri } from './updated-marks.js';

describe('update marks', () => {
  it('counts updates per URI and keeps the last time', () => {
    let marks = markUpdated({}, 'demo://counter', 1000, true);
    marks = markUpdated(marks, 'demo://counter', 2000, true);
    marks = markUpdated(marks, 'demo://readme', 1500, true);
    expect(marks['demo://counter']).toEqual({ count: 2, lastAt: 2000, unsolicited: false });
    expect(marks['demo://readme']?.count).toBe(1);
  });

  it('remembers an update that came without a subscription', () => {
    let marks = markUpdated({}, 'a', 1, false);
    marks = markUpdated(marks, 'a', 2, true);
    expect(marks.a?.unsolicited).toBe(true);
  });

  it('calls contents stale when an update came after they were read', () => {
    const marks = markUpdated({}, 'a', 2000, true);
    expect(isStale(marks, 'a', 1000)).toBe(true);
    expect(isStale(marks, 'a', 3000)).toBe(false);
    expect(isStale(marks, 'b', 1000)).toBe(false);
  });

  it('takes the uri from the notification params', () => {
    expect(updatedUri({ uri: 'demo://counter' })).toBe('demo://counter');
    expect(updatedUri({ uri: 3 })).toBeUndefined();
    expect(updatedUri(undefined)).toBeUndefined();
  });
});

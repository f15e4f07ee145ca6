import { describe, expect, it } from 'vitest';
import { connectionCount, connectionsToOffer, shownConnection, showsConnection } from './connection-filter.js';

describe('the connection choice', () => {
  it('follows the connection in view by default, shows every connection when none is in view, and keeps a number', () => {
    expect(shownConnection('view', 3)).toBe(3);
    expect(shownConnection('view', undefined)).toBeUndefined();
    expect(shownConnection('all', 3)).toBeUndefined();
    expect(shownConnection(1, 3)).toBe(1);
  });

  it('lets the page’s own lines through with any connection', () => {
    expect(showsConnection(2, 2)).toBe(true);
    expect(showsConnection(2, 0)).toBe(true);
    expect(showsConnection(2, 1)).toBe(false);
    expect(showsConnection(undefined, 1)).toBe(true);
  });

  it('offers the connections with lines, the one in view and the one chosen, in order', () => {
    const counts = new Map([
      [0, 4],
      [2, 5],
      [1, 0],
    ]);
    expect(connectionsToOffer(counts, 3, 'view')).toEqual([2, 3]);
    expect(connectionsToOffer(counts, undefined, 1)).toEqual([1, 2]);
    expect(connectionCount(counts)).toBe(1);
    expect(connectionCount(new Map([...counts, [4, 1]]))).toBe(2);
  });
});

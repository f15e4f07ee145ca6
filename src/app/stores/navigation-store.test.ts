import { describe, expect, it } from 'vitest';
import { createNavigationStore } from './navigation-store.js';

describe('navigation store', () => {
  it('openResource switches to Resources and hands the URI over once', () => {
    const nav = createNavigationStore();
    nav.getState().openResource('demo://readme');
    expect(nav.getState().tab).toBe('resources');
    expect(nav.getState().takeResourceRequest()).toBe('demo://readme');
    expect(nav.getState().takeResourceRequest()).toBeUndefined();
  });
});

import { describe, expect, it } from 'vitest';
import { contentAnnotationBadges } from './annotations.js';

describe('content annotations', () => {
  it('has no badge without annotations, or with an empty object', () => {
    expect(contentAnnotationBadges(undefined)).toEqual([]);
    expect(contentAnnotationBadges({})).toEqual([]);
  });

  it('names the audience, the priority and when it was last modified', () => {
    const badges = contentAnnotationBadges({ audience: ['user', 'assistant'], priority: 0.8, lastModified: '2025-01-12T15:00:58Z' });
    expect(badges.map((b) => [b.label, b.tone])).toEqual([
      ['for user, assistant', 'neutral'],
      ['priority 0.8', 'neutral'],
      ['modified 2025-01-12 15:00 UTC', 'neutral'],
    ]);
    expect(badges[0]!.tooltip).toBe('audience: ["user","assistant"] — who this content is meant for.');
    expect(badges[1]!.tooltip).toBe('priority: 0.8 — how important this content is, from 0 (entirely optional) to 1 (most important, effectively required).');
    expect(badges[2]!.tooltip).toBe('lastModified: 2025-01-12T15:00:58Z — when this content was last modified.');
  });

  it('says what is wrong with an annotation the spec does not allow, rather than hiding it', () => {
    const badges = contentAnnotationBadges({ audience: 'user', priority: 7, lastModified: 'yesterday' });
    expect(badges.map((b) => [b.label, b.tone])).toEqual([
      ['audience "user" (not a list of roles)', 'problem'],
      ['priority 7 (not between 0 and 1)', 'problem'],
      ['lastModified "yesterday" (not an ISO 8601 date)', 'problem'],
    ]);
    expect(contentAnnotationBadges({ audience: ['user', 'robot'] })[0]!.label).toBe('audience ["user","robot"] (roles are "user" and "assistant")');
    expect(contentAnnotationBadges('loud')).toEqual([
      {
        key: 'annotations',
        label: 'annotations "loud" (not an object)',
        tone: 'problem',
        tooltip: 'annotations must be an object with audience, priority and lastModified.',
      },
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import type { Tool } from '../../../protocol/index.js';
import { annotationBadges, displayTitle, filterTools } from './tool-list.js';

const tools: Tool[] = [
  { name: 'add', title: 'Add', description: 'Add two numbers and return the sum.', inputSchema: {} },
  { name: 'get_weather', title: 'Weather', description: 'Current weather for a city', inputSchema: {} },
  { name: 'fail', annotations: { title: 'Always fails' }, inputSchema: {} },
];

describe('filterTools', () => {
  it('matches name, title, annotation title and description, ignoring case; every word must match', () => {
    expect(filterTools(tools, 'WEATHER').map((t) => t.name)).toEqual(['get_weather']);
    expect(filterTools(tools, 'sum').map((t) => t.name)).toEqual(['add']);
    expect(filterTools(tools, 'always').map((t) => t.name)).toEqual(['fail']);
    expect(filterTools(tools, 'city current').map((t) => t.name)).toEqual(['get_weather']);
    expect(filterTools(tools, 'city sum')).toEqual([]);
    expect(filterTools(tools, '  ')).toHaveLength(3);
  });
});

describe('displayTitle', () => {
  it('prefers title, then annotations.title, and hides a title equal to the name', () => {
    expect(displayTitle(tools[0]!)).toBe('Add');
    expect(displayTitle(tools[2]!)).toBe('Always fails');
    expect(displayTitle({ name: 'x', title: 'x', inputSchema: {} })).toBeUndefined();
  });
});

describe('annotationBadges', () => {
  it('shows a badge only for hints that are set, worded by their value', () => {
    expect(annotationBadges({ readOnlyHint: true, idempotentHint: true, openWorldHint: false }).map((b) => b.label)).toEqual([
      'read-only',
      'idempotent',
      'closed-world',
    ]);
    expect(annotationBadges({ destructiveHint: true }).map((b) => [b.label, b.tone])).toEqual([['destructive', 'danger']]);
    expect(annotationBadges({ title: 'only a title' })).toEqual([]);
    expect(annotationBadges(undefined)).toEqual([]);
  });

  it('explains each hint in its tooltip and says hints are not verified', () => {
    for (const badge of annotationBadges({ readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true })) {
      expect(badge.tooltip).toContain(`${badge.hint}:`);
      expect(badge.tooltip).toMatch(/not verified/);
    }
  });
});

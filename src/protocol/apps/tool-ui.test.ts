import { describe, expect, it } from 'vitest';
import { readToolUi, toolVisibility } from './tool-ui.js';

const tool = (meta: unknown) => ({ name: 'show', inputSchema: { type: 'object' }, _meta: meta });

describe('readToolUi', () => {
  it('reads resourceUri and visibility, both when visibility is absent', () => {
    expect(readToolUi(tool({ ui: { resourceUri: 'ui://demo/app' } }))).toEqual({
      value: { resourceUri: 'ui://demo/app', visibility: ['model', 'app'] },
      problems: [],
    });
    expect(readToolUi(tool({ ui: { resourceUri: 'ui://demo/app', visibility: ['app'] } })).value?.visibility).toEqual(['app']);
  });

  it('has no app and no problem for a tool without _meta.ui', () => {
    expect(readToolUi({ name: 'plain', inputSchema: {} })).toEqual({ problems: [] });
    expect(readToolUi(tool({ other: 1 }))).toEqual({ problems: [] });
    expect(readToolUi('not a tool')).toEqual({ problems: [] });
  });

  it('honours the deprecated flat key with a warning', () => {
    const r = readToolUi(tool({ 'ui/resourceUri': 'ui://demo/old' }));
    expect(r.value).toEqual({ resourceUri: 'ui://demo/old', visibility: ['model', 'app'], deprecatedKey: true });
    expect(r.problems).toEqual([
      {
        rule: 'APP-TOOL-UI-DEPRECATED',
        severity: 'warning',
        message: 'Tool show: _meta["ui/resourceUri"] is deprecated (hosts will stop reading it); move it to _meta.ui.resourceUri.',
        path: '/_meta/ui~1resourceUri',
      },
    ]);
  });

  it("takes the flat key beside the same _meta.ui.resourceUri (ext-apps' registerAppTool writes both) as no fault", () => {
    const r = readToolUi(tool({ ui: { resourceUri: 'ui://demo/app' }, 'ui/resourceUri': 'ui://demo/app' }));
    expect(r).toEqual({ value: { resourceUri: 'ui://demo/app', visibility: ['model', 'app'] }, problems: [] });
  });

  const faults: Array<[string, unknown, string, string, boolean]> = [
    ['a non-ui:// URI', { ui: { resourceUri: 'https://example.com/app' } }, 'APP-RESOURCE-URI', '/_meta/ui/resourceUri', false],
    ['a resourceUri that is not a string', { ui: { resourceUri: 42 } }, 'APP-TOOL-UI', '/_meta/ui/resourceUri', false],
    ['_meta.ui that is not an object', { ui: 'ui://demo/app' }, 'APP-TOOL-UI', '/_meta/ui', false],
    ['a bad visibility value', { ui: { resourceUri: 'ui://demo/app', visibility: ['model', 'agent'] } }, 'APP-TOOL-UI', '/_meta/ui/visibility/1', true],
    ['a visibility that is not a list', { ui: { resourceUri: 'ui://demo/app', visibility: 'app' } }, 'APP-TOOL-UI', '/_meta/ui/visibility', true],
    ['a flat key that disagrees', { ui: { resourceUri: 'ui://demo/a' }, 'ui/resourceUri': 'ui://demo/b' }, 'APP-TOOL-UI', '/_meta/ui~1resourceUri', true],
    ['a deprecated flat key not a ui:// URI', { 'ui/resourceUri': 'file:///x.html' }, 'APP-RESOURCE-URI', '/_meta/ui~1resourceUri', false],
  ];
  for (const [what, meta, rule, path, hasApp] of faults) {
    it(`names ${what} at its pointer`, () => {
      const r = readToolUi(tool(meta));
      expect(r.problems.map((p) => [p.rule, p.path])).toContainEqual([rule, path]);
      expect(r.problems.every((p) => p.message.startsWith('Tool show: '))).toBe(true);
      expect(r.value !== undefined).toBe(hasApp);
    });
  }

  it('keeps the valid visibility values of a list with a bad one', () => {
    expect(readToolUi(tool({ ui: { resourceUri: 'ui://a', visibility: ['app', 7] } })).value?.visibility).toEqual(['app']);
  });
});

describe('toolVisibility', () => {
  it('is both without _meta.ui.visibility, else the listed ones', () => {
    expect(toolVisibility({ name: 'x' })).toEqual(['model', 'app']);
    expect(toolVisibility(tool({ ui: { visibility: ['model'] } }))).toEqual(['model']);
  });
});

import { describe, expect, it } from 'vitest';
import { inputIdsIn, replaceInputs, substitute } from './substitute.js';

const ctx = { env: { HOME: '/home/me', EMPTY: '' }, workspaceFolder: '/w/project', userHome: '/home/me' };

describe('substitute, per host', () => {
  it('Claude Code: ${VAR} and ${VAR:-default}; ${env:…} is not its syntax', () => {
    expect(substitute('${HOME}/x ${NOPE:-d} ${EMPTY:-d}', 'claude-code', ctx)).toEqual({ text: '/home/me/x d ', missing: [] });
    expect(substitute('${NOPE} ${env:HOME}', 'claude-code', ctx)).toEqual({ text: '${NOPE} ${env:HOME}', missing: ['NOPE'] });
  });

  it('VS Code and Cursor: ${env:…} (empty when unset) and the folder variables; ${input:…} is left', () => {
    for (const host of ['vscode', 'cursor'] as const) {
      expect(substitute('${env:HOME} ${workspaceFolder} ${workspaceFolderBasename} ${userHome}${/}x ${input:a}', host, ctx)).toEqual({
        text: '/home/me /w/project project /home/me/x ${input:a}',
        missing: [],
      });
      expect(substitute('[${env:NOPE}] ${HOME}', host, ctx)).toEqual({ text: '[] ${HOME}', missing: ['NOPE'] });
    }
  });

  it('VS Code without a folder (pasted text) leaves ${workspaceFolder} as it is', () => {
    expect(substitute('${workspaceFolder}/a', 'vscode', { env: {} })).toEqual({ text: '${workspaceFolder}/a', missing: [] });
  });

  it('Windsurf: ${env:…} only', () => {
    expect(substitute('${env:HOME} ${workspaceFolder}', 'windsurf', ctx)).toEqual({ text: '/home/me ${workspaceFolder}', missing: [] });
  });

  it('Claude Desktop and the registry replace nothing', () => {
    for (const host of ['claude-desktop', 'registry'] as const) expect(substitute('${HOME} ${env:HOME}', host, ctx).text).toBe('${HOME} ${env:HOME}');
  });

  it('finds and replaces ${input:…}, keeping unanswered ones', () => {
    expect(inputIdsIn('a ${input:one} b ${input:two-2}')).toEqual(['one', 'two-2']);
    expect(replaceInputs('${input:one}/${input:two}', { one: '1' })).toBe('1/${input:two}');
    expect(replaceInputs('${input:constructor}', {})).toBe('${input:constructor}');
  });
});

import { describe, expect, it } from 'vitest';
import cursor from '../../../../test/fixtures/configs/cursor/.cursor/mcp.json?raw';
import vscode from '../../../../test/fixtures/configs/vscode/.vscode/mcp.json?raw';
import { chosenEntries, entryTarget, importedSentence, inputsToAsk, readConfig } from './import-model.js';

describe('the Import dialog model', () => {
  it('reads a VS Code file: the inputs the chosen servers use are asked, answered ones replaced, password ones secret', () => {
    const read = readConfig(vscode, 'mcp.json', undefined);
    expect(read.host).toBe('vscode');
    const names = new Set(read.entries.map((e) => e.name));
    expect(names.has('db') && names.has('web')).toBe(true);
    expect(inputsToAsk(read, new Set(['web']))).toEqual([]);
    expect(inputsToAsk(read, new Set(['db'])).map((i) => [i.id, i.password])).toEqual([
      ['db-password', true],
      ['region', false],
    ]);
    const unanswered = chosenEntries(read, new Set(['db']), { region: 'eu' });
    expect(unanswered).toEqual({ ok: false, errors: [expect.stringContaining('db-password (Database password)')] });
    const done = chosenEntries(read, new Set(['db', 'web']), { region: 'eu', 'db-password': 'hunter2' });
    if (!done.ok) throw new Error(done.errors.join(' '));
    const db = done.entries.find((e) => e.name === 'db')!;
    expect(db.transport).toMatchObject({ args: ['-y', 'db-server', '--region', 'eu'], env: { DB_PASS: 'hunter2' } });
    expect(db.secretKeys).toEqual(['DB_PASS']);
    // The orphan's undefined input and the unknown type are told, not imported.
    expect(read.problems.filter((p) => p.skipped).map((p) => p.server)).toEqual(expect.arrayContaining(['orphan', 'odd']));
  });

  it('says which ${env:…} variables were left empty, since the page has no environment', () => {
    const read = readConfig(cursor, '.cursor/mcp.json', undefined);
    expect(read.host).toBe('cursor');
    expect(read.entries.find((e) => e.name === 'search')?.transport).toMatchObject({ env: { SEARCH_KEY: '' } });
    expect(read.problems.map((p) => p.message)).toEqual(expect.arrayContaining([expect.stringContaining('SEARCH_KEY, which is not set here')]));
  });

  it('reads as the host the person names, and shows each entry by its command or URL', () => {
    const read = readConfig('{"mcpServers":{"a":{"command":"node","args":["x y.js"]},"b":{"url":"https://h/mcp"}}}', undefined, 'windsurf');
    expect(read.host).toBe('windsurf');
    expect(read.entries.map(entryTarget)).toEqual(["node 'x y.js'", 'https://h/mcp']);
  });

  it('asks for at least one server, and tells the names taken', () => {
    const read = readConfig('{"mcpServers":{"a":{"command":"node"}}}', undefined, undefined);
    expect(chosenEntries(read, new Set(), {})).toEqual({ ok: false, errors: ['Choose at least one server to import.'] });
    expect(importedSentence(1, [])).toBe('Imported 1 server.');
    expect(importedSentence(2, [{ from: 'a', to: 'a 2' }])).toBe('Imported 2 servers. "a" is saved as "a 2", because that name was taken.');
  });
});

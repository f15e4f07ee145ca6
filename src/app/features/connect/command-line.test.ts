import { describe, expect, it } from 'vitest';
import { argsAfterSplit, commandLineSplit, splitOfferText } from './command-line.js';

describe('commandLineSplit', () => {
  it('splits a pasted command line into the command and its arguments', () => {
    const split = commandLineSplit('node dist/index.js stdio');
    expect(split).toEqual({ command: 'node', args: ['dist/index.js', 'stdio'] });
    expect(splitOfferText(split!)).toBe('This looks like a whole command line: split it into node and 2 arguments?');
  });

  it('keeps a quoted path with spaces as one word, for the command and an argument', () => {
    expect(commandLineSplit(`"/opt/My Tools/node" '/srv/my server/index.js' --port 3`)).toEqual({
      command: '/opt/My Tools/node',
      args: ['/srv/my server/index.js', '--port', '3'],
    });
  });

  it('offers nothing for one word, a quoted path with spaces, or a line that does not split', () => {
    expect(commandLineSplit('node')).toBeUndefined();
    expect(commandLineSplit('  npx  ')).toBeUndefined();
    expect(commandLineSplit('"/opt/My Tools/node"')).toBeUndefined();
    expect(commandLineSplit('node "unclosed')).toBeUndefined();
    expect(commandLineSplit('')).toBeUndefined();
  });

  it('says "1 argument" for one', () => {
    expect(splitOfferText(commandLineSplit('uvx mcp-server-time')!)).toBe('This looks like a whole command line: split it into uvx and 1 argument?');
  });
});

describe('argsAfterSplit', () => {
  it('puts the line’s arguments before those already typed, quoted so they split back the same', () => {
    const split = commandLineSplit(`node '/srv/my server/index.js'`)!;
    expect(argsAfterSplit(split, '')).toBe(`'/srv/my server/index.js'`);
    expect(argsAfterSplit(split, ' --verbose ')).toBe(`'/srv/my server/index.js' --verbose`);
  });
});

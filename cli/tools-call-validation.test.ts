// tools call checks the arguments against the tool's inputSchema before sending, as the page does.
import { describe, expect, it } from 'vitest';
import { cli, demoTarget, requireBuiltDemo } from '../test/fixtures/cli-helpers.js';

requireBuiltDemo();

describe('tools call validates its arguments', () => {
  it('a missing required argument is named, nothing is sent, and the exit code is 1', async () => {
    const r = await cli(...demoTarget, '--verbose', 'tools', 'call', 'add', '--arg', 'a=3');
    expect(r.code).toBe(1);
    expect(r.err).toContain("add was not called: the arguments do not match the tool's inputSchema:");
    expect(r.err).toContain('(root): missing required property "b"');
    expect(r.err).toContain('--send-anyway');
    expect(r.err).not.toContain('"method":"tools/call"');
  });

  it('a wrong type says where', async () => {
    const r = await cli(...demoTarget, 'tools', 'call', 'add', '--arg', 'a=3', '--arg', 'b="five"');
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/\/b: /);
  });

  it('--send-anyway sends them as they are, and the server answers', async () => {
    const r = await cli(...demoTarget, '--verbose', 'tools', 'call', 'add', '--arg', 'a=3', '--send-anyway');
    expect(r.err).toContain('"method":"tools/call"');
    expect(r.err).not.toContain('was not called');
    expect(r.code).toBe(1);
  });
});

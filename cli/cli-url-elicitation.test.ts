// The CLI and the demo's URL-mode elicitation, end to end over stdio: the address
// is printed, never opened; a -32042 answer names the page to open first.
import { describe, expect, it } from 'vitest';
import { cli, demoTarget, requireBuiltDemo } from '../test/fixtures/cli-helpers.js';

requireBuiltDemo();

describe('URL-mode elicitation in the CLI', () => {
  it('accept-defaults accepts and prints the sign-in address with its host; decline (the default) declines', async () => {
    const accepted = await cli(...demoTarget, '--elicitation', 'accept-defaults', 'tools', 'call', 'connect_account');
    expect(accepted.code).toBe(0);
    expect(accepted.out).toMatch(/^accept: the sign-in page for files was opened \(elicitationId [0-9a-f-]{36}\)$/);
    expect(accepted.err).toMatch(
      /^mcpscope: accepted elicitation\/create \(url mode\) "Sign in to your files account to connect it\.", as --elicitation accept-defaults says: open https:\/\/accounts\.example\.com\/connect\?service=files&elicitation=[0-9a-f-]{36} \(host accounts\.example\.com\) yourself; mcpscope never opens a browser\.$/,
    );
    const declined = await cli(...demoTarget, 'tools', 'call', 'connect_account');
    expect(declined.out).toMatch(/^decline: nothing was opened/);
    expect(declined.err).toContain('which asks to open https://accounts.example.com/connect?service=files');
  });

  it('a -32042 answer fails the command and names the page to open before running it again', async () => {
    const r = await cli(...demoTarget, 'tools', 'call', 'connect_account', '--arg', 'requireFirst=true');
    expect(r.code).toBe(1);
    expect(r.out).toContain('tools/call failed: The server answered with error -32042: MCP error -32042: Connect your files account first.');
    expect(r.out).toContain('The server needs this web page opened first (URL elicitation); mcpscope never opens a browser.');
    expect(r.out).toMatch(
      / {2}1\. https:\/\/accounts\.example\.com\/connect\?service=files&elicitation=\S+ \(host accounts\.example\.com\): "Sign in to your files account to connect it\."/,
    );
  });
});

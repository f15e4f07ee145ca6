// A proxy started with --max-servers 1: the second tab that connects is told
// the limit was reached and what to do, and Reconnect works once the first
// tab has disconnected. It runs its own proxy, so the shared one is untouched.
import { spawn, type ChildProcess } from 'node:child_process';
import { expect, test } from '@playwright/test';

const TOKEN = 'e2e-limit-token-0123456789';
let proxy: ChildProcess | undefined;
let origin = '';

test.beforeAll(async () => {
  const child = spawn(process.execPath, ['dist/node/proxy/main.js', '--port', '0', '--no-open', '--max-servers', '1'], {
    env: { ...process.env, MCPSCOPE_TOKEN: TOKEN, CI: '1' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  proxy = child;
  origin = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (c: Buffer) => {
      out += String(c);
      const m = /mcpscope ready: (http:\/\/\S+)/.exec(out);
      if (m) resolve(new URL(m[1]!).origin);
    });
    child.once('exit', (code) => reject(new Error(`the proxy exited with code ${code}`)));
  });
});

test.afterAll(async () => {
  if (proxy === undefined || proxy.exitCode !== null) return;
  const exited = new Promise((resolve) => proxy!.once('exit', resolve));
  proxy.kill('SIGTERM'); // it stops the servers it started
  await exited;
});

test('a connection past --max-servers says the limit was reached and what to do; Reconnect works once a slot is free', async ({ context }) => {
  const first = await context.newPage();
  await first.goto(`${origin}/#token=${TOKEN}`);
  await first.getByRole('button', { name: 'Connect', exact: true }).click();
  await expect(first.getByRole('status')).toContainText('mcpscope demo server');

  const second = await context.newPage();
  await second.goto(`${origin}/#token=${TOKEN}`);
  await second.getByRole('button', { name: 'Connect', exact: true }).click();
  const alert = second.getByRole('alert');
  await expect(alert).toContainText('Too many servers are running');
  await expect(alert).toContainText('The limit of 1 server at once was reached: 1 is running through this mcpscope proxy, so nothing was started.');
  await expect(alert).toContainText('restart mcpscope with a higher --max-servers');
  await second.screenshot({ path: '/tmp/h1-server-limit.png' });

  await first.getByRole('button', { name: 'Disconnect' }).click();
  await expect(first.getByRole('status')).toContainText('Disconnected');
  await alert.getByRole('button', { name: 'Reconnect' }).click();
  await expect(second.getByRole('status')).toContainText('mcpscope demo server');
});

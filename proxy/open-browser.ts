// Open the start-up URL in the user's browser, when there is one to open.
// The URL carries the token, and a command line is readable by every local
// user (/proc/<pid>/cmdline): so the browser is handed a private file that
// redirects to the URL, never the URL itself (as Jupyter does).
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

export function shouldOpenBrowser(wanted: boolean, env: NodeJS.ProcessEnv = process.env, platform: NodeJS.Platform = process.platform): boolean {
  if (!wanted || (env.CI !== undefined && env.CI !== '')) return false;
  if (platform === 'linux' || platform === 'freebsd' || platform === 'openbsd') {
    return Boolean(env.DISPLAY || env.WAYLAND_DISPLAY);
  }
  return true;
}

function opener(url: string, platform: NodeJS.Platform): { command: string; args: string[] } {
  if (platform === 'darwin') return { command: 'open', args: [url] };
  if (platform === 'win32') return { command: 'explorer.exe', args: [url] };
  return { command: 'xdg-open', args: [url] };
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/**
 * A file only this user can read (0600 in a 0700 directory) that sends the
 * browser on to `url`. Returns its path and a way to remove it.
 */
export function writeRedirectFile(url: string): { path: string; remove: () => void } {
  const dir = mkdtempSync(join(tmpdir(), 'mcpscope-'));
  const path = join(dir, 'open.html');
  const href = escapeHtml(url);
  writeFileSync(
    path,
    `<!doctype html><meta charset="utf-8"><title>mcpscope</title><meta http-equiv="refresh" content="0;url=${href}"><p><a href="${href}">Open mcpscope</a></p>\n`,
    { mode: 0o600 },
  );
  return { path, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** Best effort: a failure prints one line and is otherwise ignored. */
export function openBrowser(url: string, log: (line: string) => void = (l) => process.stderr.write(`${l}\n`)): void {
  let target: string;
  try {
    const file = writeRedirectFile(url);
    target = pathToFileURL(file.path).href;
    // The browser has read it long before this; the file should not outlive its use.
    setTimeout(file.remove, 60_000).unref();
    process.once('exit', file.remove);
  } catch {
    log('mcpscope: could not write the page that opens the browser; open the URL above yourself.');
    return;
  }
  const { command, args } = opener(target, process.platform);
  const fail = (): void => log(`mcpscope: could not open a browser (${command}); open the URL above yourself.`);
  try {
    const child = spawn(command, args, { shell: false, detached: true, stdio: 'ignore', windowsHide: true });
    child.on('error', fail);
    // explorer.exe exits with 1 even when it worked, so only xdg-open/open failures count.
    child.on('exit', (code) => {
      if (code !== 0 && code !== null && process.platform !== 'win32') fail();
    });
    child.unref();
  } catch {
    fail();
  }
}

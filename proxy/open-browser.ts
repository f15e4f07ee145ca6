// Open the start-up URL in the user's browser, when there is one to open.
import { spawn } from 'node:child_process';

export function shouldOpenBrowser(
  wanted: boolean,
  env: NodeJS.ProcessEnv = process.env,
  platform: NodeJS.Platform = process.platform,
): boolean {
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

/** Best effort: a failure prints one line and is otherwise ignored. */
export function openBrowser(url: string, log: (line: string) => void = (l) => process.stderr.write(`${l}\n`)): void {
  const { command, args } = opener(url, process.platform);
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

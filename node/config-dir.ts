// The user's mcpscope folder: $XDG_CONFIG_HOME/mcpscope (when absolute), else
// ~/.config/mcpscope (%APPDATA%\mcpscope on Windows). Every Node entry point
// keeps its files there: the proxy's credentials, the passthrough's captures.
import { homedir } from 'node:os';
import { isAbsolute, join } from 'node:path';

export function configDirectory(env: NodeJS.ProcessEnv = process.env, home: string = homedir()): string {
  const xdg = env.XDG_CONFIG_HOME;
  const base = xdg && isAbsolute(xdg) ? xdg : process.platform === 'win32' && env.APPDATA ? env.APPDATA : join(home, '.config');
  return join(base, 'mcpscope');
}

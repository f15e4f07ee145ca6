// The environment a stdio server gets: a small safe default set copied from
// the proxy's own environment, plus exactly what the user typed. Secrets in the
// proxy's environment (tokens, cloud keys) are not passed on.

const POSIX_KEYS = ['PATH', 'HOME', 'USER', 'LOGNAME', 'SHELL', 'TERM', 'LANG', 'LC_ALL', 'LC_CTYPE', 'TMPDIR', 'TZ'];
const WINDOWS_KEYS = [
  'PATH',
  'PATHEXT',
  'SYSTEMROOT',
  'SYSTEMDRIVE',
  'WINDIR',
  'COMSPEC',
  'APPDATA',
  'LOCALAPPDATA',
  'USERPROFILE',
  'USERNAME',
  'HOMEDRIVE',
  'HOMEPATH',
  'TEMP',
  'TMP',
  'PROGRAMFILES',
  'PROCESSOR_ARCHITECTURE',
];

export function defaultEnvironmentKeys(platform: NodeJS.Platform = process.platform): readonly string[] {
  return platform === 'win32' ? WINDOWS_KEYS : POSIX_KEYS;
}

export function serverEnvironment(
  user: Record<string, string>,
  base: NodeJS.ProcessEnv = process.env,
  platform: NodeJS.Platform = process.platform,
): Record<string, string> {
  const env: Record<string, string> = {};
  for (const key of defaultEnvironmentKeys(platform)) {
    const value = base[key];
    // Skip exported shell functions ("() { …"): they are code, not configuration.
    if (value !== undefined && !value.startsWith('()')) env[key] = value;
  }
  return { ...env, ...user };
}

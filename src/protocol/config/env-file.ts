// A dotenv file (VS Code's envFile): KEY=VALUE lines, `#` comments, optional `export` and quotes.

/** The variables of a dotenv text; a line that is not KEY=VALUE is named in `problems`. */
export function parseEnvFile(text: string): { env: Record<string, string>; problems: string[] } {
  // A Map, then fromEntries: a name such as "__proto__" stays an ordinary variable.
  const env = new Map<string, string>();
  const problems: string[] = [];
  text.split(/\r?\n/).forEach((raw, i) => {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) return;
    const m = /^(?:export\s+)?([A-Za-z_][A-Za-z0-9_.-]*)\s*=\s*(.*)$/.exec(line);
    if (!m) {
      problems.push(`line ${i + 1} is not NAME=value`);
      return;
    }
    const value = m[2]!;
    const quoted = /^(["'])(.*)\1$/.exec(value);
    if (quoted) env.set(m[1]!, quoted[1] === '"' ? quoted[2]!.replace(/\\n/g, '\n').replace(/\\(["\\])/g, '$1') : quoted[2]!);
    else env.set(m[1]!, value.replace(/\s+#.*$/, ''));
  });
  return { env: Object.fromEntries(env), problems };
}

// Split an argument string the way a POSIX shell splits words — quotes and
// backslashes respected — without ever running a shell. No expansion of
// variables, globs or ~: what you type is what the process receives.

export type SplitArgsResult = { ok: true; args: string[] } | { ok: false; args: string[]; error: string };

export function splitArgs(input: string): SplitArgsResult {
  const args: string[] = [];
  let current = '';
  // A word exists once any character or a quote pair was seen ('' is an empty argument).
  let inWord = false;
  let quote: "'" | '"' | null = null;

  for (let i = 0; i < input.length; i++) {
    const ch = input[i]!;
    if (quote === "'") {
      if (ch === "'") quote = null;
      else current += ch;
      continue;
    }
    if (quote === '"') {
      if (ch === '"') {
        quote = null;
      } else if (ch === '\\' && i + 1 < input.length && '"\\$`\n'.includes(input[i + 1]!)) {
        i++;
        if (input[i] !== '\n') current += input[i];
      } else {
        current += ch;
      }
      continue;
    }
    if (ch === "'" || ch === '"') {
      quote = ch;
      inWord = true;
    } else if (ch === '\\') {
      if (i + 1 >= input.length) {
        return { ok: false, args: finish(args, current, inWord), error: 'The arguments end with a lone backslash.' };
      }
      i++;
      // Backslash-newline is a line continuation, as in a shell.
      if (input[i] !== '\n') {
        current += input[i];
        inWord = true;
      }
    } else if (ch === ' ' || ch === '\t' || ch === '\n' || ch === '\r') {
      if (inWord) args.push(current);
      current = '';
      inWord = false;
    } else {
      current += ch;
      inWord = true;
    }
  }
  if (quote !== null) {
    const name = quote === "'" ? 'single' : 'double';
    return { ok: false, args: finish(args, current, inWord), error: `A ${name} quote (${quote}) is not closed.` };
  }
  return { ok: true, args: finish(args, current, inWord) };
}

function finish(args: string[], current: string, inWord: boolean): string[] {
  return inWord ? [...args, current] : args;
}

/** The inverse, for prefilling the field from an argument array. */
export function joinArgs(args: readonly string[]): string {
  return args.map(quoteArg).join(' ');
}

function quoteArg(arg: string): string {
  if (arg === '') return "''";
  if (/^[A-Za-z0-9_@%+=:,./-]+$/.test(arg)) return arg;
  return `'${arg.replace(/'/g, `'\\''`)}'`;
}

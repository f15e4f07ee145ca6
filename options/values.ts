// How the value typed after an option is checked: each check turns the text
// into the value, or into a sentence that names the option as it was spelled
// and says what it needs.

export type Checked<T> = { ok: true; value: T } | { ok: false; error: string };

/** The option as the person typed it (-e or --env) and the placeholder of its value in --help. */
export interface Spelling {
  flag: string;
  placeholder: string;
}

export type Check<T> = (text: string, spelling: Spelling) => Checked<T>;

export function accepted<T>(value: T): Checked<T> {
  return { ok: true, value };
}

export function refused(error: string): { ok: false; error: string } {
  return { ok: false, error };
}

/** "a or b", "a, b or c". */
export function orList(words: readonly string[]): string {
  return words.length < 2 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} or ${words.at(-1)}`;
}

/** Any text, kept as typed. */
export const text: Check<string> = (value) => accepted(value);

/** Digits only (no sign, exponent or hex), within [min, max]. */
export function wholeNumber(min: number, max = Infinity, what = 'a whole number'): Check<number> {
  const range = max === Infinity ? `of ${min} or more` : `from ${min} to ${max}`;
  return (value, { flag }) => {
    const n = /^\d{1,15}$/.test(value) ? Number(value) : NaN;
    return n >= min && n <= max ? accepted(n) : refused(`${flag} needs ${what} ${range}, not "${value}".`);
  };
}

/** A duration in milliseconds, digits with an optional fraction. */
export function milliseconds(allowZero: boolean): Check<number> {
  return (value, { flag }) => {
    const n = /^\d{1,15}(\.\d+)?$/.test(value) ? Number(value) : NaN;
    if (n > 0 || (allowZero && n === 0)) return accepted(n);
    return refused(`${flag} needs a number of milliseconds${allowZero ? ', 0 or more' : ' above 0'}, not "${value}".`);
  };
}

export function oneOf<T extends string>(choices: readonly T[]): Check<T> {
  return (value, { flag }) => {
    const found = choices.find((c) => c === value);
    return found !== undefined ? accepted(found) : refused(`${flag} needs ${orList(choices)}, not "${value}".`);
  };
}

/** KEY=VALUE: the first "=" splits; the value is kept exactly (it may be empty or hold "="). */
export const keyValue: Check<[string, string]> = (value, { flag, placeholder }) => {
  const eq = value.indexOf('=');
  if (eq === -1) return refused(`${flag} needs ${placeholder}, but "${value}" has no "=" (write ${flag} ${value}=... to set it).`);
  if (eq === 0) return refused(`${flag} needs ${placeholder}, but "${value}" has no key before the "=".`);
  return accepted([value.slice(0, eq), value.slice(eq + 1)]);
};

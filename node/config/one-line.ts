// A sentence about a config file, as a terminal gets it: one line, and no control character a name in the
// file could carry (an escape sequence would rewrite the screen), each shown as \u00XX instead.

export function oneLine(text: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is looked for
  return text.replace(/\s*[\r\n]+\s*/g, ' ').replace(/[\u0000-\u001f\u007f-\u009f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** Pretty-print JSON text; null when it is not JSON. */
export function prettyJson(raw: string): string | null {
  try {
    return JSON.stringify(JSON.parse(raw), null, 2);
  } catch {
    return null;
  }
}

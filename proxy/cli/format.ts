// Text renderings for the terminal.

/** Decoded size of base64 text: padding characters carry no bytes. */
export function base64Bytes(data: unknown): number {
  const text = String(data ?? '').replace(/\s+/g, '');
  const padding = text.endsWith('==') ? 2 : text.endsWith('=') ? 1 : 0;
  return Math.max(0, Math.floor((text.length * 3) / 4) - padding);
}

export function describeContent(block: unknown): string {
  if (typeof block !== 'object' || block === null) return JSON.stringify(block);
  const b = block as Record<string, unknown>;
  const bytes = base64Bytes;
  switch (b.type) {
    case 'text':
      return String(b.text);
    case 'image':
    case 'audio':
      return `[${b.type} ${String(b.mimeType)}, ${bytes(b.data)} bytes]`;
    case 'resource_link':
      return `[link ${String(b.uri)}${b.name ? ` ${String(b.name)}` : ''}]`;
    case 'resource': {
      const r = (b.resource ?? {}) as Record<string, unknown>;
      return typeof r.text === 'string' ? `[resource ${String(r.uri)}] ${r.text}` : `[resource ${String(r.uri)}, ${bytes(r.blob)} bytes]`;
    }
    default:
      return JSON.stringify(b);
  }
}

/** A plain table: columns padded to the widest cell. */
export function table(rows: string[][]): string[] {
  const widths: number[] = [];
  for (const row of rows) row.forEach((cell, i) => (widths[i] = Math.max(widths[i] ?? 0, cell.length)));
  return rows.map((row) => row.map((cell, i) => (i === row.length - 1 ? cell : cell.padEnd(widths[i]!))).join('  '));
}

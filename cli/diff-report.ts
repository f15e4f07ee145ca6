// What `mcpscope diff` prints: the two sides, the changes grouped (breaking first) with their paths and
// reasons, and the verdict; or the same as JSON.

import { breakingFirst, changeHeading, countChanges, diffVerdict, shortJson, type ChangeDetail, type InterfaceChange } from '../src/protocol/index.js';
import type { SideInterface } from './diff-sides.js';

function sideLine(side: SideInterface): string {
  const server = side.server ? `: ${side.server.name} ${side.server.version}` : '';
  const version = side.protocolVersion ? `, protocol ${side.protocolVersion}` : '';
  return `${side.label}  ${side.source}${server}${version}`;
}

function values(d: ChangeDetail): string {
  if (d.path === '') return '';
  const from = 'old' in d ? shortJson(d.old) : '(none)';
  const to = 'new' in d ? shortJson(d.new) : '(none)';
  return `  ${from} → ${to}`;
}

function changeLines(change: InterfaceChange): string[] {
  const mark = change.class === 'breaking' ? '✗' : '✓';
  const lines = [`  ${mark} ${changeHeading(change)}`];
  for (const d of change.details) {
    if (d.path === '') lines.push(`      ${d.reason}`);
    else lines.push(`      ${d.class === 'breaking' ? '✗' : '·'} ${d.path}${values(d)}`, `          ${d.reason}`);
  }
  return lines;
}

export function diffText(a: SideInterface, b: SideInterface, changes: readonly InterfaceChange[]): string[] {
  const ordered = breakingFirst(changes);
  const counts = countChanges(changes);
  const lines = ['mcpscope diff', `  ${sideLine(a)}`, `  ${sideLine(b)}`, ''];
  const groups = [
    { title: 'Breaking changes', of: ordered.filter((c) => c.class === 'breaking') },
    { title: 'Compatible changes', of: ordered.filter((c) => c.class === 'compatible') },
  ];
  for (const group of groups) {
    if (group.of.length === 0) continue;
    lines.push(`${group.title}:`, ...group.of.flatMap(changeLines), '');
  }
  lines.push(`${counts.breaking ? 'BREAKING' : 'OK'}: ${diffVerdict(counts)}`);
  return lines;
}

export function diffJson(a: SideInterface, b: SideInterface, changes: readonly InterfaceChange[]): unknown {
  const side = ({ label, source, server, protocolVersion }: SideInterface) => ({
    label,
    source,
    ...(server ? { server } : {}),
    ...(protocolVersion ? { protocolVersion } : {}),
  });
  return { a: side(a), b: side(b), ...countChanges(changes), changes: breakingFirst(changes) };
}

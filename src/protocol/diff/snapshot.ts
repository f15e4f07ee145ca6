// An interface snapshot: a server's four lists as a JSON file (`mcpscope diff --save FILE A`), so a side of a
// diff can be a server as it was. The lists are kept as the server sent them.
//
//   { "mcpscopeInterface": 1, "server": { "name": …, "version": … }, "protocolVersion": …, "savedAt": …,
//     "tools": [ … ], "resources": [ … ], "resourceTemplates": [ … ], "prompts": [ … ] }

import { isRecord } from '../json/guards.js';
import { err, ok, type Result } from '../result.js';
import { ownValue } from '../text/own.js';
import type { ServerInterface } from './types.js';

export const SNAPSHOT_VERSION = 1;

export interface InterfaceSnapshot extends ServerInterface {
  mcpscopeInterface: typeof SNAPSHOT_VERSION;
  /** The serverInfo the server gave, when it gave one. */
  server?: { name: string; version: string };
  protocolVersion?: string;
  /** ISO 8601. */
  savedAt?: string;
}

export function interfaceSnapshot(lists: ServerInterface, about: Omit<InterfaceSnapshot, keyof ServerInterface | 'mcpscopeInterface'> = {}): InterfaceSnapshot {
  return { mcpscopeInterface: SNAPSHOT_VERSION, ...about, ...lists };
}

/** Each list, the field every member must have, and the one it may need to be an object. */
const LISTS: ReadonlyArray<{ key: keyof ServerInterface; names: string; object?: string }> = [
  { key: 'tools', names: 'name', object: 'inputSchema' },
  { key: 'resources', names: 'uri' },
  { key: 'resourceTemplates', names: 'uriTemplate' },
  { key: 'prompts', names: 'name' },
];

/** The snapshot in `text`, or the sentence (to follow "FILE: ") that names the field that is wrong. */
export function parseInterfaceSnapshot(text: string): Result<InterfaceSnapshot> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    return err(`it is not JSON (${e instanceof Error ? e.message : String(e)}).`);
  }
  if (!isRecord(value)) return err('it is not a JSON object.');
  if (!Object.hasOwn(value, 'mcpscopeInterface'))
    return err('it has no "mcpscopeInterface" field, so it is not an interface snapshot (mcpscope diff --save FILE SERVER writes one).');
  if (value.mcpscopeInterface !== SNAPSHOT_VERSION)
    return err(`its "mcpscopeInterface" is ${JSON.stringify(value.mcpscopeInterface)}; this mcpscope reads version ${SNAPSHOT_VERSION}.`);
  for (const { key, names, object } of LISTS) {
    const list = ownValue(value, key);
    if (list === undefined) continue;
    if (!Array.isArray(list)) return err(`"${key}" is not an array.`);
    const bad = list.findIndex((item) => !isRecord(item) || typeof item[names] !== 'string');
    if (bad >= 0) return err(`"${key}[${bad}]" has no string "${names}".`);
    if (object !== undefined) {
      const shapeless = list.findIndex((item) => !isRecord((item as Record<string, unknown>)[object]));
      if (shapeless >= 0) return err(`"${key}[${shapeless}].${object}" is not an object.`);
    }
  }
  if (value.server !== undefined && !(isRecord(value.server) && typeof value.server.name === 'string'))
    return err('"server" is not an object with a string "name".');
  const list = (key: keyof ServerInterface): unknown[] => {
    const v = ownValue(value, key);
    return Array.isArray(v) ? v : [];
  };
  return ok({
    ...(value as unknown as InterfaceSnapshot),
    tools: list('tools') as InterfaceSnapshot['tools'],
    resources: list('resources') as InterfaceSnapshot['resources'],
    resourceTemplates: list('resourceTemplates') as InterfaceSnapshot['resourceTemplates'],
    prompts: list('prompts') as InterfaceSnapshot['prompts'],
  });
}

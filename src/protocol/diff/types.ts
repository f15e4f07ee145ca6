// The words of an interface diff: what two servers offer, and each change between them with its class.

import type { Prompt, Resource, ResourceTemplate, Tool } from '../mcp/types.js';

/** What a server offers a host: its four lists, every page. */
export interface ServerInterface {
  tools: Tool[];
  resources: Resource[];
  resourceTemplates: ResourceTemplate[];
  prompts: Prompt[];
}

/** Breaking: a host written against A can fail against B. Compatible: it cannot. */
export type ChangeClass = 'breaking' | 'compatible';

/** The kind of an item, as its list names it. */
export type InterfaceItemKind = 'tool' | 'resource' | 'resourceTemplate' | 'prompt';

/** One path of an item that differs between A and B. */
export interface ChangeDetail {
  /** JSON Pointer inside the item ('' for the whole item, e.g. `/inputSchema/properties/path/type`). */
  path: string;
  /** The value in A (absent when A has none). */
  old?: unknown;
  /** The value in B (absent when B has none). */
  new?: unknown;
  class: ChangeClass;
  /** One sentence: why this is breaking or compatible. */
  reason: string;
}

/** An item added, removed or changed between A (old) and B (new). */
export interface InterfaceChange {
  kind: InterfaceItemKind;
  /** The tool or prompt name, the resource URI or the template's uriTemplate. */
  item: string;
  change: 'added' | 'removed' | 'changed';
  /** Breaking when any of its details is. */
  class: ChangeClass;
  details: ChangeDetail[];
}

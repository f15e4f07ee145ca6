// A tool's `_meta.ui`: which ui:// resource shows its results and who may call
// it. The deprecated flat key `_meta["ui/resourceUri"]` is still honoured, with
// a warning. Every fault is an AppProblem at its JSON Pointer inside the tool.

import { UI_RESOURCE_SCHEME, type AppProblem, type ToolUi, type ToolVisibility } from './contract.js';
import { appProblem, pointer, shown } from './problem.js';
import { isRecord } from '../json/guards.js';
import { ownValue } from '../text/own.js';

const DEPRECATED_KEY = 'ui/resourceUri';
const VISIBILITIES: readonly ToolVisibility[] = ['model', 'app'];

export interface ToolUiReading {
  /** The tool's app, when it names a usable ui:// resource. */
  value?: ToolUi;
  problems: AppProblem[];
}

function toolName(tool: Record<string, unknown>): string {
  return typeof tool.name === 'string' ? tool.name : '(unnamed)';
}

/** Whether `uri` is a ui:// URI (the scheme compared as URIs do, without case). */
export function isUiUri(uri: string): boolean {
  return uri.slice(0, UI_RESOURCE_SCHEME.length + 2).toLowerCase() === `${UI_RESOURCE_SCHEME}//`;
}

function readVisibility(ui: Record<string, unknown>, name: string, problems: AppProblem[]): ToolVisibility[] {
  const raw = ownValue(ui, 'visibility');
  if (raw === undefined) return [...VISIBILITIES];
  if (!Array.isArray(raw)) {
    problems.push(
      appProblem(
        'APP-TOOL-UI',
        `Tool ${name}: _meta.ui.visibility is ${shown(raw)}, not a list of "model" and "app"; read as both.`,
        pointer('_meta', 'ui', 'visibility'),
      ),
    );
    return [...VISIBILITIES];
  }
  const out: ToolVisibility[] = [];
  for (const [i, v] of raw.entries()) {
    const known = VISIBILITIES.find((k) => k === v);
    if (known === undefined) {
      problems.push(
        appProblem(
          'APP-TOOL-UI',
          `Tool ${name}: _meta.ui.visibility[${i}] is ${shown(v)}; the values are "model" and "app".`,
          pointer('_meta', 'ui', 'visibility', i),
        ),
      );
    } else if (!out.includes(known)) out.push(known);
  }
  return out;
}

/** The resourceUri of the nested object or of the deprecated flat key, with what is wrong with either. */
function readResourceUri(meta: Record<string, unknown>, ui: Record<string, unknown> | undefined, name: string, problems: AppProblem[]) {
  const nested = ui === undefined ? undefined : ownValue(ui, 'resourceUri');
  const flat = ownValue(meta, DEPRECATED_KEY);
  const flatPath = pointer('_meta', DEPRECATED_KEY);
  if (flat !== undefined) {
    // The same URI under both keys is the copy ext-apps' own registerAppTool writes for older hosts: not a fault.
    if (nested === undefined) {
      problems.push(
        appProblem(
          'APP-TOOL-UI-DEPRECATED',
          `Tool ${name}: _meta["ui/resourceUri"] is deprecated (hosts will stop reading it); move it to _meta.ui.resourceUri.`,
          flatPath,
        ),
      );
    }
    if (nested !== undefined && flat !== nested) {
      problems.push(
        appProblem(
          'APP-TOOL-UI',
          `Tool ${name}: _meta["ui/resourceUri"] (${shown(flat)}) differs from _meta.ui.resourceUri (${shown(nested)}); _meta.ui.resourceUri is used.`,
          flatPath,
        ),
      );
    }
  }
  const [raw, path, deprecated] = nested !== undefined ? [nested, pointer('_meta', 'ui', 'resourceUri'), false] : [flat, flatPath, flat !== undefined];
  if (raw === undefined) return undefined;
  if (typeof raw !== 'string') {
    problems.push(appProblem('APP-TOOL-UI', `Tool ${name}: the resourceUri is ${shown(raw)}, not a string, so no host can show its app.`, path));
    return undefined;
  }
  if (!isUiUri(raw)) {
    problems.push(
      appProblem('APP-RESOURCE-URI', `Tool ${name}: the resourceUri ${shown(raw)} is not a ui:// URI; an app resource's URI starts with ui://.`, path),
    );
    return undefined;
  }
  return { uri: raw, deprecated };
}

/** Who may call `tool` (`_meta.ui.visibility`; both the model and the app when it says nothing). */
export function toolVisibility(tool: unknown): ToolVisibility[] {
  const meta = isRecord(tool) ? ownValue(tool, '_meta') : undefined;
  const ui = isRecord(meta) ? ownValue(meta, 'ui') : undefined;
  return isRecord(ui) ? readVisibility(ui, '', []) : [...VISIBILITIES];
}

/** The app a tool names in `_meta.ui` (or the deprecated flat key), and every fault of that metadata. */
export function readToolUi(tool: unknown): ToolUiReading {
  const problems: AppProblem[] = [];
  if (!isRecord(tool)) return { problems };
  const meta = ownValue(tool, '_meta');
  if (!isRecord(meta)) return { problems };
  const name = toolName(tool);
  const rawUi = ownValue(meta, 'ui');
  let ui: Record<string, unknown> | undefined;
  if (isRecord(rawUi)) ui = rawUi;
  else if (rawUi !== undefined) {
    problems.push(
      appProblem('APP-TOOL-UI', `Tool ${name}: _meta.ui is ${shown(rawUi)}, not an object with resourceUri and visibility.`, pointer('_meta', 'ui')),
    );
  }
  const visibility = ui === undefined ? [...VISIBILITIES] : readVisibility(ui, name, problems);
  const resource = readResourceUri(meta, ui, name, problems);
  if (resource === undefined) return { problems };
  return { value: { resourceUri: resource.uri, visibility, ...(resource.deprecated ? { deprecatedKey: true as const } : {}) }, problems };
}

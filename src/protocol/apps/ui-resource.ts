// An app's resource as resources/read returns it: the content whose URI is the
// one asked for, its HTML (text, or a base64 blob of UTF-8), and what its
// `_meta.ui` declares (csp origins, permissions, prefersBorder, domain). The
// content's `_meta.ui` is read first; the listed resource's (resources/list) is
// the fallback. Every fault is an AppProblem at its JSON Pointer in the result.

import { APP_RESOURCE_MIME_TYPE, type AppProblem, type UiCsp, type UiPermissions, type UiResource } from './contract.js';
import { CSP_LISTS, EMPTY_CSP, allowedCsp, cspDomainProblems } from './csp.js';
import { appProblem, pointer, shown } from './problem.js';
import { isUiUri } from './tool-ui.js';
import { isRecord } from '../json/guards.js';
import { decodeBase64, mimeEssence } from '../mcp/blob.js';
import { ownValue } from '../text/own.js';

export interface UiResourceReading {
  value?: UiResource;
  problems: AppProblem[];
}

const PERMISSIONS: ReadonlyArray<keyof UiPermissions> = ['camera', 'microphone', 'geolocation', 'clipboardWrite'];

/** Whether `mimeType` is the app MIME type, spaces and case aside. */
export function isAppMimeType(mimeType: string): boolean {
  const norm = (m: string) => m.toLowerCase().replace(/\s+/g, '');
  return norm(mimeType) === norm(APP_RESOURCE_MIME_TYPE);
}

function readCsp(raw: unknown, base: string, problems: AppProblem[]): UiCsp {
  if (raw === undefined) return EMPTY_CSP;
  if (!isRecord(raw)) {
    problems.push(appProblem('APP-RESOURCE-UI', `_meta.ui.csp is ${shown(raw)}, not an object of origin lists; the app gets the restrictive default.`, base));
    return EMPTY_CSP;
  }
  const csp = new Map<string, string[]>();
  for (const list of CSP_LISTS) {
    const entries = ownValue(raw, list);
    const kept: string[] = [];
    csp.set(list, kept);
    if (entries === undefined) continue;
    if (!Array.isArray(entries)) {
      problems.push(
        appProblem('APP-RESOURCE-UI', `_meta.ui.csp.${list} is ${shown(entries)}, not a list of origins; none are allowed.`, `${base}${pointer(list)}`),
      );
      continue;
    }
    for (const [i, e] of entries.entries()) {
      if (typeof e !== 'string') {
        problems.push(appProblem('APP-RESOURCE-UI', `_meta.ui.csp.${list}[${i}] is ${shown(e)}, not a string.`, `${base}${pointer(list, i)}`));
      } else kept.push(e);
    }
  }
  const declared: UiCsp = { ...EMPTY_CSP, ...Object.fromEntries(csp) };
  problems.push(...cspDomainProblems(declared, base));
  // Only what the header will allow is kept: what the page shows is what the app gets.
  return allowedCsp(declared);
}

function readPermissions(raw: unknown, base: string, problems: AppProblem[]): UiPermissions {
  const out: UiPermissions = {};
  if (raw === undefined) return out;
  if (!isRecord(raw)) {
    problems.push(appProblem('APP-RESOURCE-UI', `_meta.ui.permissions is ${shown(raw)}, not an object; no permission is asked for.`, base));
    return out;
  }
  for (const key of Object.keys(raw)) {
    const known = PERMISSIONS.find((p) => p === key);
    const value = ownValue(raw, key);
    if (known === undefined) {
      problems.push(
        appProblem(
          'APP-RESOURCE-UI',
          `_meta.ui.permissions.${key} is not a permission of the extension (camera, microphone, geolocation, clipboardWrite); ignored.`,
          `${base}${pointer(key)}`,
          'warning',
        ),
      );
    } else if (!isRecord(value)) {
      problems.push(
        appProblem(
          'APP-RESOURCE-UI',
          `_meta.ui.permissions.${key} is ${shown(value)}; a permission is asked for with {}, so it is not asked for.`,
          `${base}${pointer(key)}`,
        ),
      );
    } else out[known] = true;
  }
  return out;
}

interface UiMeta {
  csp: UiCsp;
  permissions: UiPermissions;
  prefersBorder?: boolean;
  domain?: string;
}

function readUiMeta(raw: unknown, base: string, problems: AppProblem[]): UiMeta {
  if (!isRecord(raw)) {
    if (raw !== undefined)
      problems.push(appProblem('APP-RESOURCE-UI', `_meta.ui is ${shown(raw)}, not an object; the app gets the restrictive defaults.`, base));
    return { csp: EMPTY_CSP, permissions: {} };
  }
  const meta: UiMeta = {
    csp: readCsp(ownValue(raw, 'csp'), `${base}/csp`, problems),
    permissions: readPermissions(ownValue(raw, 'permissions'), `${base}/permissions`, problems),
  };
  const border = ownValue(raw, 'prefersBorder');
  if (typeof border === 'boolean') meta.prefersBorder = border;
  else if (border !== undefined)
    problems.push(appProblem('APP-RESOURCE-UI', `_meta.ui.prefersBorder is ${shown(border)}, not true or false; the host decides.`, `${base}/prefersBorder`));
  const domain = ownValue(raw, 'domain');
  if (typeof domain === 'string') meta.domain = domain;
  else if (domain !== undefined) problems.push(appProblem('APP-RESOURCE-UI', `_meta.ui.domain is ${shown(domain)}, not a string; ignored.`, `${base}/domain`));
  return meta;
}

function uiOf(holder: unknown): unknown {
  const meta = isRecord(holder) ? ownValue(holder, '_meta') : undefined;
  return isRecord(meta) ? ownValue(meta, 'ui') : undefined;
}

function readHtml(content: Record<string, unknown>, at: string, problems: AppProblem[]): string | undefined {
  const text = ownValue(content, 'text');
  const blob = ownValue(content, 'blob');
  if (typeof text === 'string') return text;
  if (typeof blob === 'string') {
    const decoded = decodeBase64(blob);
    if (!decoded.ok) {
      problems.push(appProblem('APP-RESOURCE-CONTENT', `The app's blob cannot be read: ${decoded.error}`, `${at}/blob`));
      return undefined;
    }
    return new TextDecoder().decode(decoded.bytes);
  }
  problems.push(appProblem('APP-RESOURCE-CONTENT', 'The app resource has neither text nor a base64 blob, so there is no HTML to show.', at));
  return undefined;
}

/**
 * The app resource `uri` from the result of resources/read of it (and, optionally, the resource as
 * resources/list listed it): its HTML and declarations, with every fault; no value when there is no
 * HTML to show or the content is not HTML at all.
 */
export function readUiResource(uri: string, readResult: unknown, listed?: unknown): UiResourceReading {
  const problems: AppProblem[] = [];
  if (!isUiUri(uri)) problems.push(appProblem('APP-RESOURCE-URI', `${shown(uri)} is not a ui:// URI; an app resource's URI starts with ui://.`));
  const contents = isRecord(readResult) ? ownValue(readResult, 'contents') : undefined;
  if (!Array.isArray(contents)) {
    problems.push(appProblem('APP-RESOURCE-MISSING', `resources/read of ${uri} returned no contents list, so the app cannot be shown.`, '/contents'));
    return { problems };
  }
  const index = contents.findIndex((c) => isRecord(c) && c.uri === uri);
  if (index === -1) {
    const others = contents.map((c) => (isRecord(c) && typeof c.uri === 'string' ? c.uri : '?'));
    problems.push(
      appProblem(
        'APP-RESOURCE-MISSING',
        `resources/read of ${uri} returned no content with that URI${others.length ? ` (it returned ${others.slice(0, 3).join(', ')}${others.length > 3 ? ', …' : ''})` : ''}, so the app cannot be shown.`,
        '/contents',
      ),
    );
    return { problems };
  }
  const content = contents[index] as Record<string, unknown>;
  const at = pointer('contents', index);
  const mimeType = ownValue(content, 'mimeType');
  const isHtml = typeof mimeType === 'string' && mimeEssence(mimeType) === 'text/html';
  if (typeof mimeType !== 'string' || !isAppMimeType(mimeType)) {
    problems.push(
      appProblem(
        'APP-RESOURCE-MIME',
        typeof mimeType !== 'string'
          ? `The app resource ${uri} has no mimeType; an app's is ${APP_RESOURCE_MIME_TYPE}.`
          : isHtml
            ? `The app resource ${uri} is ${mimeType}, without the app profile; an app's MIME type is ${APP_RESOURCE_MIME_TYPE}.`
            : `The app resource ${uri} is ${shown(mimeType)}, not HTML; an app's MIME type is ${APP_RESOURCE_MIME_TYPE}, so it is not shown.`,
        `${at}/mimeType`,
      ),
    );
  }
  // A content without a MIME type is shown all the same; one that says it is something else is not.
  if (typeof mimeType === 'string' && !isHtml) return { problems };
  const html = readHtml(content, at, problems);
  const ownUi = uiOf(content);
  const meta = ownUi !== undefined ? readUiMeta(ownUi, `${at}/_meta/ui`, problems) : readUiMeta(uiOf(listed), '/listed/_meta/ui', problems);
  if (html === undefined) return { problems };
  if (html.trim() === '') problems.push(appProblem('APP-RESOURCE-CONTENT', `The app resource ${uri} is empty: there is no HTML to show.`, at));
  return { value: { uri, html, ...meta }, problems };
}

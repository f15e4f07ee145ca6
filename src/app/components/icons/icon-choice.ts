// Which of a server's icons (on the server, a tool, a prompt, a resource) the
// page may show. An https: icon is fetched by the browser from a host the
// server chose — which tells that host someone is looking — so only data:
// images and https: origins the person allowed are loaded; the others are
// reported as blocked, with their origin, so the person can allow it.

import type { Icon } from '../../../protocol/index.js';

const SAFE_DATA_IMAGE = /^data:image\/(png|jpeg|gif|webp|avif|svg\+xml|x-icon|vnd\.microsoft\.icon)(;[^,]*)?,/i;

export type IconChoice =
  /** Load this src. */
  | { status: 'show'; src: string }
  /** An https: icon from an origin the person has not allowed. */
  | { status: 'blocked'; origin: string; src: string }
  /** Icons were given, none loadable at all (http:, javascript:, relative, not an image). */
  | { status: 'refused'; reason: string };

type Candidate = { icon: Icon; src: string; origin?: string };

/** The https: origin of an icon src, or a reason it can never be loaded; data: images give neither. */
function classify(src: string): { data: true } | { origin: string } | { reason: string } {
  if (SAFE_DATA_IMAGE.test(src)) return { data: true };
  if (src.startsWith('data:')) return { reason: 'a data: URL that is not an image' };
  let url: URL;
  try {
    url = new URL(src);
  } catch {
    return { reason: `"${src.slice(0, 80)}" is not an absolute URL` };
  }
  if (url.protocol === 'https:') return { origin: url.origin };
  return { reason: `${url.protocol} icons are never loaded (only https: and data: images)` };
}

/** The largest pixel size an icon declares; "any" (a scalable image) is Infinity, no size 0. */
function largestSize(icon: Icon): number {
  if (!Array.isArray(icon.sizes)) return 0;
  let best = 0;
  for (const size of icon.sizes) {
    if (typeof size !== 'string') continue;
    if (size === 'any') return Number.POSITIVE_INFINITY;
    const m = /^(\d+)x(\d+)$/.exec(size);
    if (m) best = Math.max(best, Number(m[1]));
  }
  return best;
}

/** Lower is better: the smallest size that is big enough, then a scalable one, then the biggest too-small one, then no size. */
function sizeScore(icon: Icon, size: number): number {
  const s = largestSize(icon);
  if (s === Number.POSITIVE_INFINITY) return 1e9;
  if (s >= size) return s;
  return s > 0 ? 2e9 - s : 3e9;
}

/** Better first: the page's theme (or no theme), then the size. */
function rank(a: Candidate, b: Candidate, theme: 'light' | 'dark', size: number): number {
  const themeScore = (c: Candidate) => (c.icon.theme === undefined || c.icon.theme === theme ? 0 : 1);
  if (themeScore(a) !== themeScore(b)) return themeScore(a) - themeScore(b);
  return sizeScore(a.icon, size) - sizeScore(b.icon, size);
}

/**
 * The icon to show from a server's `icons`, or undefined when it gave none.
 * Loadable icons beat blocked ones, so a data: icon is shown even when an https: one is listed first.
 */
export function chooseIcon(
  icons: unknown,
  allowedOrigins: ReadonlySet<string>,
  options: { theme?: 'light' | 'dark'; size?: number } = {},
): IconChoice | undefined {
  if (!Array.isArray(icons) || icons.length === 0) return undefined;
  const theme = options.theme ?? 'light';
  const size = options.size ?? 16;
  const loadable: Candidate[] = [];
  const blocked: Candidate[] = [];
  let reason = 'no icon has a "src" string';
  for (const icon of icons as unknown[]) {
    if (typeof icon !== 'object' || icon === null || typeof (icon as Icon).src !== 'string') continue;
    const src = (icon as Icon).src;
    const kind = classify(src);
    if ('reason' in kind) reason = kind.reason;
    else if ('data' in kind || allowedOrigins.has(kind.origin)) loadable.push({ icon: icon as Icon, src });
    else blocked.push({ icon: icon as Icon, src, origin: kind.origin });
  }
  const best = (list: Candidate[]) => [...list].sort((a, b) => rank(a, b, theme, size))[0];
  const show = best(loadable);
  if (show) return { status: 'show', src: show.src };
  const wait = best(blocked);
  if (wait) return { status: 'blocked', origin: wait.origin!, src: wait.src };
  return { status: 'refused', reason };
}

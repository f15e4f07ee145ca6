// Serves the built UI (dist/ui): files by path, index.html for app routes,
// never anything outside the directory.
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { extname, join, resolve, sep } from 'node:path';
import { ownValue } from '../src/protocol/wire.js';
import { sendText } from './http.js';

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.txt': 'text/plain; charset=utf-8',
  '.wasm': 'application/wasm',
  '.webmanifest': 'application/manifest+json',
};

const NOT_BUILT_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>mcpscope: the UI is not built</title></head>
<body><h1>mcpscope</h1><p>mcpscope: the UI is not built: run npm run build, then reload this page.</p>
<p>(<code>dist/ui/index.html</code> is missing.)</p></body></html>
`;

/** The size of a regular file, or undefined when there is none. */
export async function fileSize(path: string): Promise<number | undefined> {
  try {
    const s = await stat(path);
    return s.isFile() ? s.size : undefined;
  } catch {
    return undefined;
  }
}

/** The file a URL path names inside `root`, or undefined when it would escape it or names a dotfile. */
export function resolveInside(root: string, urlPath: string): string | undefined {
  let pathname: string;
  try {
    pathname = decodeURIComponent(urlPath);
  } catch {
    return undefined;
  }
  if (pathname.includes('\0') || pathname.includes('\\')) return undefined;
  if (pathname.split('/').some((segment) => segment.startsWith('.'))) return undefined;
  const base = resolve(root);
  const file = resolve(base, `.${pathname}`);
  return file === base || file.startsWith(base + sep) ? file : undefined;
}

export async function serveStatic(req: IncomingMessage, res: ServerResponse, root: string): Promise<void> {
  const urlPath = new URL(req.url ?? '/', 'http://mcpscope.invalid').pathname;
  const indexPath = join(root, 'index.html');
  let file = urlPath === '/' ? indexPath : resolveInside(root, urlPath);
  if (file === undefined) {
    sendText(res, 404, `Not found: ${urlPath}`);
    return;
  }
  let size = await fileSize(file);
  // App routes (no file extension) get the app; a missing asset is a plain 404.
  if (size === undefined && extname(file) === '') {
    file = indexPath;
    size = await fileSize(file);
  }
  if (size === undefined) {
    if (file === indexPath) {
      const body = Buffer.from(NOT_BUILT_PAGE, 'utf8');
      res.writeHead(503, { 'Content-Type': 'text/html; charset=utf-8', 'Content-Length': body.length, 'Cache-Control': 'no-store' });
      res.end(req.method === 'HEAD' ? undefined : body);
      return;
    }
    sendText(res, 404, `Not found: ${urlPath}`);
    return;
  }
  const hashed = urlPath.startsWith('/assets/');
  sendFile(req, res, file, {
    'Content-Type': ownValue(CONTENT_TYPES, extname(file).toLowerCase()) ?? 'application/octet-stream',
    'Content-Length': size,
    'Cache-Control': hashed ? 'public, max-age=31536000, immutable' : 'no-cache',
  });
}

/** 200 with these headers and the file's bytes (none for HEAD). */
export function sendFile(req: IncomingMessage, res: ServerResponse, file: string, headers: OutgoingHttpHeaders): void {
  res.writeHead(200, headers);
  if (req.method === 'HEAD') {
    res.end();
    return;
  }
  const stream = createReadStream(file);
  stream.on('error', () => res.destroy());
  stream.pipe(res);
}

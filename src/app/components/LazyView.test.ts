import { createElement, type ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { prerender } from 'react-dom/static';
import { describe, expect, it, vi } from 'vitest';
import { LoadingView, lazyView } from './LazyView.js';

/** The markup once everything that suspended has settled (text only: React's <!-- --> separators dropped). */
async function settledMarkup(element: ReactElement): Promise<string> {
  const { prelude } = await prerender(element);
  return (await new Response(prelude).text()).replace(/<!-- -->/g, '');
}

describe('lazyView', () => {
  it('shows the component once its code has come, loading it once for every use', async () => {
    const load = vi.fn(() => Promise.resolve(({ name }: { name: string }) => createElement('p', null, `hello ${name}`)));
    const View = lazyView('the Tools tab', load);
    expect(await settledMarkup(createElement(View, { name: 'Ann' }))).toContain('<p>hello Ann</p>');
    expect(await settledMarkup(createElement(View, { name: 'Bob' }))).toContain('<p>hello Bob</p>');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('says what could not be loaded, why and what to do, with a Retry, when the chunk does not come', async () => {
    const View = lazyView('the Tools tab', () => Promise.reject(new TypeError('Failed to fetch dynamically imported module: /assets/ToolsTab-x.js')));
    const html = await settledMarkup(createElement(View, {}));
    expect(html).toContain('role="alert"');
    expect(html).toContain('The Tools tab could not be loaded (Failed to fetch dynamically imported module: /assets/ToolsTab-x.js).');
    expect(html).toContain('check that the proxy is still running, then retry');
    expect(html).toMatch(/<button[^>]*>Retry<\/button>/);
  });

  it('says "Loading…" as a status while the code comes', () => {
    const html = renderToString(createElement(LoadingView, { what: 'the Tools tab' })).replace(/<!-- -->/g, '');
    expect(html).toBe('<p role="status" class="hint lazy-loading">Loading the Tools tab…</p>');
  });
});

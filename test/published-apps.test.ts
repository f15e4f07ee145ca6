// MCP Apps nobody here wrote: the examples published with ext-apps
// (server-basic-react, server-map, both on stdio with --stdio), driven by the
// CLI as a person would: their app tools listed, their ui:// resources read.
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { cli, node } from './fixtures/cli-helpers.js';

const published = (name: string) => {
  const entry = fileURLToPath(new URL(`../node_modules/@modelcontextprotocol/${name}/dist/index.js`, import.meta.url));
  return ['--stdio', `${node} ${JSON.stringify(entry)} --stdio`];
};
const basicReact = published('server-basic-react');
const map = published('server-map');

describe('published MCP Apps, through the CLI', () => {
  it('server-basic-react: get-time names its ui:// app, which reads as HTML of the mcp-app profile', async () => {
    const listed = await cli(...basicReact, '--json', 'tools', 'list');
    expect(listed.code).toBe(0);
    const tools = JSON.parse(listed.out) as Array<{ name: string; _meta?: { ui?: { resourceUri?: string } } }>;
    expect(tools.find((t) => t.name === 'get-time')?._meta?.ui?.resourceUri).toBe('ui://get-time/mcp-app.html');
    const read = await cli(...basicReact, '--json', 'resources', 'read', 'ui://get-time/mcp-app.html');
    expect(read.code).toBe(0);
    const [content] = (JSON.parse(read.out) as { contents: Array<{ mimeType: string; text: string }> }).contents;
    expect(content!.mimeType).toBe('text/html;profile=mcp-app');
    expect(content!.text).toMatch(/^<!doctype html>/i);
  }, 60_000);

  it('server-map: show-map names its app, whose resource declares the tile origins it needs in _meta.ui.csp', async () => {
    const listed = await cli(...map, '--json', 'tools', 'list');
    const tools = JSON.parse(listed.out) as Array<{ name: string; _meta?: { ui?: { resourceUri?: string } } }>;
    expect(tools.find((t) => t.name === 'show-map')?._meta?.ui?.resourceUri).toBe('ui://cesium-map/mcp-app.html');
    const read = await cli(...map, '--json', 'resources', 'read', 'ui://cesium-map/mcp-app.html');
    const [content] = (JSON.parse(read.out) as { contents: Array<{ mimeType: string; _meta?: { ui?: { csp?: Record<string, string[]> } } }> }).contents;
    expect(content!.mimeType).toBe('text/html;profile=mcp-app');
    expect(content!._meta?.ui?.csp?.resourceDomains).toContain('https://*.openstreetmap.org');
  }, 60_000);
});

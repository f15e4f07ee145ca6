import { describe, expect, it } from 'vitest';
import { sandboxPageUrl } from './sandbox-wire.js';

describe("the sandbox page's URL", () => {
  it('names the embedding page and carries each declared domain, one a key', () => {
    const url = new URL(
      sandboxPageUrl(
        'http://127.0.0.1:7001/',
        {
          connectDomains: ['https://api.example.com', 'wss://live.example.com'],
          resourceDomains: ['https://cdn.example.com'],
          frameDomains: [],
          baseUriDomains: ['https://b.example.com'],
        },
        'http://127.0.0.1:6290',
      ),
    );
    expect(url.origin).toBe('http://127.0.0.1:7001');
    expect(url.pathname).toBe('/');
    expect(url.searchParams.get('parent')).toBe('http://127.0.0.1:6290');
    expect(url.searchParams.getAll('connect')).toEqual(['https://api.example.com', 'wss://live.example.com']);
    expect(url.searchParams.getAll('resource')).toEqual(['https://cdn.example.com']);
    expect(url.searchParams.getAll('frame')).toEqual([]);
    expect(url.searchParams.getAll('base')).toEqual(['https://b.example.com']);
  });
});

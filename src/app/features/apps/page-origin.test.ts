import { describe, expect, it } from 'vitest';
import { ipv6PageProblem } from './page-origin.js';

describe('ipv6PageProblem', () => {
  it('says to open the page at localhost when it is at [::1], keeping the port', () => {
    expect(ipv6PageProblem({ protocol: 'http:', hostname: '[::1]', port: '6274' })).toBe(
      'The app cannot be shown on a page opened at an IPv6 address (http://[::1]:6274): a Content-Security-Policy cannot name one, so the app sandbox may not be framed. Open mcpscope at http://localhost:6274/ instead (the same token works).',
    );
  });

  it('names another IPv6 address without offering localhost, and has nothing to say of other hosts', () => {
    expect(ipv6PageProblem({ protocol: 'http:', hostname: '[fd00::5]', port: '' })).toMatch(
      /\(http:\/\/\[fd00::5\]\).*by a host name or an IPv4 address instead\.$/,
    );
    for (const hostname of ['127.0.0.1', 'localhost', 'devbox.lan']) expect(ipv6PageProblem({ protocol: 'http:', hostname, port: '80' })).toBeUndefined();
  });
});

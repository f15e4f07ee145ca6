// Whether this page's origin can frame the app sandbox: a CSP source (the sandbox's frame-ancestors, the
// page's frame-src) cannot name an IPv6 literal, so a page opened at one shows no app.

/** The sentence for a page opened at an IPv6 literal such as http://[::1]:PORT; undefined for any other. */
export function ipv6PageProblem(location: Pick<Location, 'protocol' | 'hostname' | 'port'>): string | undefined {
  if (!location.hostname.startsWith('[')) return undefined;
  const port = location.port === '' ? '' : `:${location.port}`;
  const here = `${location.protocol}//${location.hostname}${port}`;
  const loopback = location.hostname === '[::1]';
  return (
    `The app cannot be shown on a page opened at an IPv6 address (${here}): a Content-Security-Policy cannot name one, so the app sandbox may not be framed. ` +
    (loopback
      ? `Open mcpscope at ${location.protocol}//localhost${port}/ instead (the same token works).`
      : 'Open mcpscope by a host name or an IPv4 address instead.')
  );
}

// The sentences of `wrap --to` when the target cannot be reached (the host's
// 502 body and stderr) or --listen cannot be used: what happened, what to do.
import { isTlsCode } from '../node/upstream/http/errors.js';

/** A certificate no CA this process trusts has signed: NODE_EXTRA_CA_CERTS can add the one that did. */
const UNTRUSTED = new Set([
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'CERT_UNTRUSTED',
]);

/** Why a TLS handshake with the target failed, and what to do. */
function tlsProblem(err: NodeJS.ErrnoException, to: URL): string {
  const code = err.code!;
  const why = `${err.message.replace(/\.$/, '')}, ${code}`;
  if (UNTRUSTED.has(code))
    return (
      `its TLS certificate is not signed by a certificate authority this machine trusts (${why}). ` +
      'If you trust it, start mcpscope wrap with NODE_EXTRA_CA_CERTS set to a PEM file of the CA that signed it ' +
      '(for a self-signed certificate, the certificate itself).'
    );
  if (code === 'ERR_TLS_CERT_ALTNAME_INVALID')
    return `its TLS certificate is not valid for the name ${to.hostname} (${why}). Give --to a host name the certificate is for.`;
  if (code === 'CERT_HAS_EXPIRED' || code === 'CERT_NOT_YET_VALID')
    return `its TLS certificate is out of date (${why}). The server's certificate must be renewed, or this machine's clock set right.`;
  if (code === 'ERR_SSL_WRONG_VERSION_NUMBER' || code === 'ERR_SSL_PACKET_LENGTH_TOO_LONG' || /wrong version number/.test(err.message))
    return `it does not speak TLS on that port (${code}). If the server speaks plain HTTP, give --to an http:// URL.`;
  return `the TLS handshake failed (${why}). Check that --to names the server's https port.`;
}

/** Why the target could not be reached, in words. */
function unreachableReason(err: NodeJS.ErrnoException): string {
  switch (err.code) {
    case 'ECONNREFUSED':
      return 'the connection was refused (nothing is listening there)';
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return 'its host name was not found';
    case 'ECONNRESET':
      return 'the connection was reset before it answered';
    case 'ETIMEDOUT':
    case 'ENETUNREACH':
    case 'EHOSTUNREACH':
      return 'the network did not reach it';
    default:
      if (err.code?.startsWith('HPE_')) return `it answered with something that is not valid HTTP (${err.code})`;
      return err.message;
  }
}

/** The sentence (after "mcpscope wrap ") the host and stderr get when the request to the target failed. */
export function unreachableSentence(err: NodeJS.ErrnoException, to: URL): string {
  if (err.code !== undefined && isTlsCode(err.code)) return `could not reach ${to.origin}: ${tlsProblem(err, to)}`;
  return `could not reach ${to.origin}: ${unreachableReason(err)}. Check that the server is running and that --to is right.`;
}

/** Why --listen could not be used, in one sentence. */
export function listenProblem(err: NodeJS.ErrnoException, host: string, port: number): string {
  const where = `${host.includes(':') ? `[${host}]` : host}:${port}`;
  switch (err.code) {
    case 'EADDRINUSE':
      return `Cannot listen on ${where}: the port is in use. Choose another with --listen (port 0 picks a free one).`;
    case 'EACCES':
      return `Cannot listen on ${where}: permission denied (ports below 1024 need privileges). Choose another with --listen.`;
    case 'EADDRNOTAVAIL':
      return `Cannot listen on ${where}: that address is not one of this machine's. Use 127.0.0.1, or an address of this machine.`;
    default:
      return `Cannot listen on ${where}: ${err.message}.`;
  }
}

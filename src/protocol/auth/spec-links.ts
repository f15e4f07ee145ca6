// Where each rule of the OAuth discovery steps is written, so every problem can point at it.

const MCP_AUTH = 'https://modelcontextprotocol.io/specification/2025-11-25/basic/authorization';

export const AUTH_SPEC = {
  wwwAuthenticate: 'https://datatracker.ietf.org/doc/html/rfc9728#section-5.1',
  challengeSyntax: 'https://datatracker.ietf.org/doc/html/rfc9110#section-11.6.1',
  prmDiscovery: `${MCP_AUTH}#protected-resource-metadata-discovery-requirements`,
  prmResponse: 'https://datatracker.ietf.org/doc/html/rfc9728#section-3.2',
  prmValidation: 'https://datatracker.ietf.org/doc/html/rfc9728#section-3.3',
  authorizationServers: `${MCP_AUTH}#authorization-server-location`,
  canonicalUri: `${MCP_AUTH}#canonical-server-uri`,
  asDiscovery: `${MCP_AUTH}#authorization-server-metadata-discovery`,
  asResponse: 'https://datatracker.ietf.org/doc/html/rfc8414#section-3.2',
  asValidation: 'https://datatracker.ietf.org/doc/html/rfc8414#section-3.3',
  pkce: `${MCP_AUTH}#authorization-code-protection`,
  legacyFallbacks: 'https://modelcontextprotocol.io/specification/2025-03-26/basic/authorization#fallbacks-for-servers-without-metadata-discovery',
  scopeSelection: `${MCP_AUTH}#scope-selection-strategy`,
} as const;

// The MCP Apps rules (APP-…): one id each, a default severity, a title, and the
// section of the extension's specification it rests on. lint/rules.ts takes them
// into RULES, so findings, Problems and the Log treat them as every other rule.

const SPEC = 'https://github.com/modelcontextprotocol/ext-apps/blob/main/specification/2026-01-26/apps.mdx';

export const APP_RULES = {
  // --- what the server declares: a tool's _meta.ui, its ui:// resource ---
  'APP-TOOL-UI': {
    severity: 'error',
    title: 'A tool\'s _meta.ui is an object: resourceUri a string, visibility a list of "model" and "app"',
    spec: { url: `${SPEC}#resource-discovery` },
  },
  'APP-TOOL-UI-DEPRECATED': {
    severity: 'warning',
    title: 'The flat _meta["ui/resourceUri"] is deprecated: use _meta.ui.resourceUri',
    spec: { url: `${SPEC}#resource-discovery` },
  },
  'APP-RESOURCE-URI': { severity: 'error', title: "An app's resource URI starts with ui://", spec: { url: `${SPEC}#content-requirements` } },
  'APP-RESOURCE-MISSING': {
    severity: 'error',
    title: "The resource a tool's resourceUri names exists: resources/read returns a content with that URI",
    spec: { url: `${SPEC}#resource-discovery` },
  },
  'APP-RESOURCE-MIME': {
    severity: 'error',
    title: 'An app resource has the MIME type text/html;profile=mcp-app',
    spec: { url: `${SPEC}#content-requirements` },
  },
  'APP-RESOURCE-CONTENT': {
    severity: 'error',
    title: "An app resource's HTML is given as text or as a base64 blob",
    spec: { url: `${SPEC}#content-requirements` },
  },
  'APP-RESOURCE-UI': {
    severity: 'error',
    title: "A resource's _meta.ui is well-formed: csp lists of strings, permissions objects, domain a string, prefersBorder a boolean",
    spec: { url: `${SPEC}#ui-resource-format` },
  },
  'APP-CSP-DOMAIN': {
    severity: 'error',
    title: 'Each CSP domain is an origin (scheme://host[:port], a *. subdomain wildcard at most), never a keyword, a path or a directive',
    spec: { url: `${SPEC}#content-security-policy-enforcement` },
  },
  // --- the host⇄app bridge (postMessage) ---
  'APP-BRIDGE-JSONRPC': {
    severity: 'error',
    title: 'Every bridge message is a JSON-RPC 2.0 message',
    spec: { url: `${SPEC}#communication-protocol` },
  },
  'APP-BRIDGE-INIT': {
    severity: 'error',
    title: 'The app sends ui/initialize first; the host sends nothing before ui/notifications/initialized',
    spec: { url: `${SPEC}#sandbox-proxy` },
  },
  'APP-BRIDGE-METHOD': {
    severity: 'error',
    title: 'A ui/* method is one the extension defines, sent by the side that may send it',
    spec: { url: `${SPEC}#mcp-apps-specific-messages` },
  },
  'APP-BRIDGE-SCHEMA': {
    severity: 'error',
    title: "Bridge messages match the extension's published schema",
    spec: { url: `${SPEC}#mcp-apps-specific-messages` },
  },
  'APP-BRIDGE-VISIBILITY': {
    severity: 'error',
    title: 'An app calls only tools whose visibility includes "app"',
    spec: { url: `${SPEC}#visibility` },
  },
  'APP-BRIDGE-ORPHAN': {
    severity: 'error',
    title: 'A bridge response answers an outstanding request of the other side, once',
    spec: { url: `${SPEC}#communication-protocol` },
  },
  'APP-BRIDGE-SIZE': {
    severity: 'warning',
    title: 'A bridge message stays within the size a host takes',
    spec: { url: `${SPEC}#other-risks` },
  },
  // --- what the sandbox saw ---
  'APP-CSP-BLOCKED': {
    severity: 'error',
    title: 'An app reaches only the origins its resource declares (the CSP stopped one it did not)',
    spec: { url: `${SPEC}#content-security-policy-enforcement` },
  },
  'APP-BRIDGE-FLOOD': {
    severity: 'warning',
    title: 'An app sends no more messages than its host takes',
    spec: { url: `${SPEC}#other-risks` },
  },
  'APP-INIT-TIMEOUT': {
    severity: 'error',
    title: 'An app sends ui/initialize once it is loaded',
    spec: { url: `${SPEC}#lifecycle` },
  },
  'APP-ERROR': {
    severity: 'warning',
    title: 'An app catches its own errors (one escaped: a sandbox refusal, or a bug)',
    spec: { url: `${SPEC}#threat-model` },
  },
} as const;

export type AppRuleId = keyof typeof APP_RULES;

// The MCP Apps bridge as a hand-written app speaks it: JSON-RPC over
// postMessage to its parent, in plain ES5 for the app's page (no template
// literals inside, so this stays a string), so every message an app sends is
// one a reader can find here. The demo's sum app is built on it, and so are
// the test fixtures' apps (test/fixtures/apps/app-server.mjs imports the built
// copy of this file).

/** The protocol version of the extension these apps speak. */
export const APP_PROTOCOL_VERSION = '2026-01-26';

/**
 * Defines, in the app's page: `request(method, params)` (a promise of the result; an error
 * rejects), `notify(method, params)`, `onHost` (the app's handlers of the host's notifications,
 * and of its requests: the value returned, or a promise of it, is the result), and
 * `initialize(appInfo, appCapabilities)`: ui/initialize, then ui/notifications/initialized,
 * resolving with the host's answer. Unless the app says otherwise, ui/resource-teardown and
 * ping are answered with {} and any other request with "Method not found".
 */
export const APP_BRIDGE_SCRIPT = `
var nextId = 1, pending = {};
function post(message) { window.parent.postMessage(message, '*'); }
function request(method, params) {
  var id = nextId++;
  post({ jsonrpc: '2.0', id: id, method: method, params: params });
  return new Promise(function (resolve, reject) { pending[id] = { resolve: resolve, reject: reject }; });
}
function notify(method, params) { post({ jsonrpc: '2.0', method: method, params: params }); }
var onHost = {
  'ui/resource-teardown': function () { return {}; },
  ping: function () { return {}; }
};
function answerHost(msg) {
  var handler = Object.prototype.hasOwnProperty.call(onHost, msg.method) ? onHost[msg.method] : undefined;
  if (msg.id === undefined) { if (handler) handler(msg.params || {}); return; }
  if (!handler) { post({ jsonrpc: '2.0', id: msg.id, error: { code: -32601, message: 'Method not found: ' + msg.method } }); return; }
  Promise.resolve(handler(msg.params || {})).then(
    function (result) { post({ jsonrpc: '2.0', id: msg.id, result: result }); },
    function (err) { post({ jsonrpc: '2.0', id: msg.id, error: { code: -32603, message: err && err.message ? err.message : String(err) } }); });
}
window.addEventListener('message', function (event) {
  if (event.source !== window.parent) return;
  var msg = event.data;
  if (!msg || typeof msg !== 'object' || msg.jsonrpc !== '2.0') return;
  if (msg.method === undefined) {
    var waiting = pending[msg.id];
    if (!waiting) return;
    delete pending[msg.id];
    if (msg.error) waiting.reject(new Error(msg.error.message || 'error ' + msg.error.code));
    else waiting.resolve(msg.result);
    return;
  }
  if (typeof msg.method === 'string') answerHost(msg);
});
function initialize(appInfo, appCapabilities) {
  return request('ui/initialize', { appInfo: appInfo, appCapabilities: appCapabilities || {}, protocolVersion: '${APP_PROTOCOL_VERSION}' })
    .then(function (result) { notify('ui/notifications/initialized', {}); return result; });
}
`;

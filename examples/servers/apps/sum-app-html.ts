// The sum app's page: plain HTML and a script on the hand-written bridge of
// app-bridge-script.ts (JSON-RPC over postMessage to its parent), so every
// message it sends is one a reader can find here. It needs no network: nothing is loaded.
import { APP_BRIDGE_SCRIPT } from './app-bridge-script.js';

const style = `
:root { color-scheme: light; --bg: #ffffff; --fg: #1c2230; --muted: #566074; --accent: #2452b8; --line: #d3d9e3; }
:root[data-theme='dark'] { color-scheme: dark; --bg: #151a23; --fg: #e4e8ef; --muted: #a2abbb; --accent: #93b3ff; --line: #353d4c; }
body { margin: 0; padding: 12px 16px; font: 14px/1.45 system-ui, sans-serif;
  background: var(--color-background-primary, var(--bg)); color: var(--color-text-primary, var(--fg)); }
h1 { font-size: 16px; margin: 0 0 8px; }
dl { display: grid; grid-template-columns: max-content 1fr; gap: 2px 12px; margin: 8px 0; }
dt { color: var(--color-text-secondary, var(--muted)); }
dd { margin: 0; font-family: ui-monospace, monospace; overflow-wrap: anywhere; }
.actions { display: flex; flex-wrap: wrap; gap: 6px; margin: 10px 0; }
button { font: inherit; padding: 4px 10px; border-radius: 6px; cursor: pointer;
  border: 1px solid var(--color-border-primary, var(--line)); background: transparent; color: var(--accent); }
#answer { min-height: 1.5em; margin: 0; }
`;

// Plain ES5 in the page: no template literals, so this TypeScript string stays a literal.
const script = `
(function () {
  var input = {};
  var displayMode = 'inline';
  var initialized = false;

  function show(id, text) { document.getElementById(id).textContent = text; }
  function failed(what) { return function (err) { show('answer', what + ' failed: ' + (err && err.message ? err.message : String(err))); }; }

  function textOf(result) {
    if (!result || typeof result !== 'object') return String(result);
    var texts = Array.isArray(result.content)
      ? result.content.filter(function (c) { return c && c.type === 'text'; }).map(function (c) { return c.text; })
      : [];
    var text = texts.join(' ') || JSON.stringify(result.structuredContent || result);
    return result.isError ? 'error: ' + text : text;
  }

  function applyContext(context) {
    if (!context || typeof context !== 'object') return;
    if (context.theme === 'light' || context.theme === 'dark') {
      document.documentElement.dataset.theme = context.theme;
      show('theme', context.theme);
    }
    if (typeof context.displayMode === 'string') setMode(context.displayMode);
    if (typeof context.locale === 'string') show('locale', context.locale);
    var variables = context.styles && context.styles.variables;
    if (variables && typeof variables === 'object') {
      Object.keys(variables).forEach(function (name) {
        if (name.indexOf('--') === 0 && typeof variables[name] === 'string') document.documentElement.style.setProperty(name, variables[name]);
      });
    }
  }
  function setMode(mode) {
    displayMode = mode;
    show('mode', mode);
    document.getElementById('fullscreen').textContent = mode === 'fullscreen' ? 'Exit fullscreen' : 'Fullscreen';
  }
  function numbers() {
    var a = Number(input.a), b = Number(input.b);
    return { a: isFinite(a) ? a : 2, b: isFinite(b) ? b : 3 };
  }

  onHost['ui/notifications/tool-input'] = function (params) {
    input = params.arguments || {};
    show('input', JSON.stringify(input));
  };
  onHost['ui/notifications/tool-result'] = function (params) { show('result', textOf(params)); };
  onHost['ui/notifications/tool-cancelled'] = function (params) { show('result', 'cancelled' + (params.reason ? ': ' + params.reason : '')); };
  onHost['ui/notifications/host-context-changed'] = applyContext;

  document.getElementById('call-add').addEventListener('click', function () {
    request('tools/call', { name: 'add', arguments: numbers() }).then(function (result) {
      show('answer', 'add answered: ' + textOf(result));
    }, failed('add'));
  });
  document.getElementById('tally').addEventListener('click', function () {
    request('tools/call', { name: 'tally', arguments: {} }).then(function (result) {
      show('answer', 'tally answered: ' + textOf(result));
    }, failed('tally'));
  });
  document.getElementById('message').addEventListener('click', function () {
    var n = numbers();
    var content = [{ type: 'text', text: 'The sum app says: ' + n.a + ' + ' + n.b + ' = ' + (n.a + n.b) + '.' }];
    request('ui/message', { role: 'user', content: content }).then(function (result) {
      show('answer', result && result.isError ? 'The host refused the message.' : 'The host took the message.');
    }, failed('ui/message'));
  });
  document.getElementById('fullscreen').addEventListener('click', function () {
    var wanted = displayMode === 'fullscreen' ? 'inline' : 'fullscreen';
    request('ui/request-display-mode', { mode: wanted }).then(function (result) {
      setMode(result.mode);
      show('answer', 'Display mode: ' + result.mode + (result.mode === wanted ? '' : ' (asked for ' + wanted + ')'));
    }, failed('ui/request-display-mode'));
  });

  var lastHeight = 0;
  function reportSize() {
    var height = Math.ceil(document.documentElement.scrollHeight);
    if (!initialized || height === lastHeight) return;
    lastHeight = height;
    notify('ui/notifications/size-changed', { height: height });
  }
  new ResizeObserver(reportSize).observe(document.body);

  initialize({ name: 'mcpscope-sum-app', version: '1.0.0' }, { availableDisplayModes: ['inline', 'fullscreen'] }).then(function (result) {
    applyContext(result.hostContext);
    var host = result.hostInfo && result.hostInfo.name ? result.hostInfo.name : 'the host';
    show('status', 'Connected to ' + host + '.');
    initialized = true;
    reportSize();
  }, function (err) {
    show('status', 'The host did not initialize the app: ' + err.message);
  });
})();
`;

export function sumAppHtml(): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Sum app</title>
<style>${style}</style>
</head>
<body>
<main aria-label="Sum app">
<h1>Sum app</h1>
<p id="status" role="status">Waiting for the host…</p>
<dl>
<dt>Input</dt><dd id="input">—</dd>
<dt>Result</dt><dd id="result">—</dd>
<dt>Theme</dt><dd id="theme">—</dd>
<dt>Locale</dt><dd id="locale">—</dd>
<dt>Display mode</dt><dd id="mode">inline</dd>
</dl>
<div class="actions" role="group" aria-label="Actions">
<button type="button" id="call-add">Call add</button>
<button type="button" id="tally">Tally</button>
<button type="button" id="message">Send a message</button>
<button type="button" id="fullscreen">Fullscreen</button>
</div>
<p id="answer" aria-live="polite"></p>
</main>
<script>${APP_BRIDGE_SCRIPT}${script}</script>
</body>
</html>
`;
}

// `npm start -- [options] [command args…]`: build, then run the proxy with the
// given arguments, forwarding signals so that Ctrl-C shuts everything down.
import { buildNode, buildUi } from './build-steps.mjs';
import { runProxy } from './run-proxy.mjs';

console.error('mcpscope: building…');
buildNode();
buildUi();
runProxy(process.argv.slice(2));

// The floor for bench/ping-rtt: the thinnest relay a separate process can be —
// a WebSocket ⇄ the server's stdio, raw text both ways, no envelope, no checks,
// no framing library. What mcpscope's proxy adds is measured against this.
import { spawn } from 'node:child_process';
import { WebSocketServer } from 'ws';

const [command, ...args] = process.argv.slice(2);
const wss = new WebSocketServer({ port: 0, host: '127.0.0.1', perMessageDeflate: false });
wss.on('connection', (ws) => {
  const child = spawn(command, args, { stdio: ['pipe', 'pipe', 'ignore'] });
  let buf = '';
  child.stdout.setEncoding('utf8');
  child.stdout.on('data', (chunk) => {
    buf += chunk;
    let nl;
    while ((nl = buf.indexOf('\n')) >= 0) {
      ws.send(buf.slice(0, nl));
      buf = buf.slice(nl + 1);
    }
  });
  ws.on('message', (data) => child.stdin.write(`${data}\n`));
  ws.on('close', () => {
    child.kill();
    process.exit(0);
  });
});
wss.on('listening', () => process.stdout.write(`${wss.address().port}\n`));

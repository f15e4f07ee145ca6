// The wrapper's live link to a running proxy: it finds the proxy through
// proxy.json, says `hello`, then sends the records as the capture gets them.
// While no proxy listens it keeps a bounded backlog and looks at the file
// again every ~2 s (a stat), so the session shows up when a proxy starts.
// It never blocks forwarding, never writes to stdout, and tells what went
// wrong on stderr once per kind of trouble.
import { stat } from 'node:fs/promises';
import { randomUUID } from 'node:crypto';
import WebSocket from 'ws';
import {
  CAPTURE_SUBPROTOCOL,
  MAX_RECORDS_PER_MESSAGE,
  TOKEN_SUBPROTOCOL_PREFIX,
  WRAP_SOCKET_PATH,
  type CaptureTransport,
  type LogHeader,
} from '../src/protocol/wire.js';
import { readProxyFile, type ProxyFile } from '../node/proxy-file/proxy-file.js';
import { LiveBacklog, type BacklogLimits } from './live-backlog.js';
import type { RecordSink } from './recorder.js';

export interface LiveLinkOptions {
  /** proxy.json. */
  proxyFile: string;
  transport: CaptureTransport;
  header: LogHeader;
  /** The capture file, when it is being written. */
  capture: string | undefined;
  /** One line on stderr. */
  say: (line: string) => void;
  pollMs?: number;
  /** How long end() waits for `end` to go. */
  endWaitMs?: number;
  backlog?: BacklogLimits;
}

/** Sending pauses while the socket holds this much unsent (the backlog, bounded, takes the rest). */
const HIGH_WATER_BYTES = 1024 * 1024;
const BATCH_BYTES = 1024 * 1024;
const HANDSHAKE_MS = 5000;

type State = { kind: 'looking' } | { kind: 'connecting'; ws: WebSocket } | { kind: 'open'; ws: WebSocket; proxy: ProxyFile } | { kind: 'ended' };

export class LiveLink implements RecordSink {
  readonly session = randomUUID();
  private state: State = { kind: 'looking' };
  private readonly backlog: LiveBacklog;
  private readonly told = new Set<string>();
  private poll: NodeJS.Timeout | undefined;
  /** The proxy file as it was when last tried (ino, size, mtime): tried again only once it changed. */
  private triedFile: string | undefined;
  private sendScheduled = false;

  constructor(private readonly o: LiveLinkOptions) {
    this.backlog = new LiveBacklog(o.backlog);
  }

  start(): void {
    void this.look();
  }

  write(lines: string): void {
    if (this.state.kind === 'ended') return;
    this.backlog.push(lines);
    if (this.state.kind === 'open' && !this.sendScheduled) {
      this.sendScheduled = true;
      setImmediate(() => this.send());
    }
  }

  /** Send `end` with the server's exit and what is still pending, waiting at most endWaitMs for it to go. */
  async end(reason: string): Promise<void> {
    const state = this.state;
    this.state = { kind: 'ended' };
    if (this.poll !== undefined) clearTimeout(this.poll);
    if (state.kind === 'connecting') state.ws.terminate();
    if (state.kind !== 'open') return;
    const { ws } = state;
    this.drain(ws, Infinity);
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, this.o.endWaitMs ?? 200);
      ws.send(JSON.stringify({ type: 'end', reason }), () => {
        clearTimeout(timer);
        resolve();
      });
    });
    ws.close(1000);
  }

  private where(proxy: ProxyFile): string {
    return `the mcpscope proxy in ${this.o.proxyFile} (port ${proxy.port})`;
  }

  private recorded(): string {
    return this.o.capture !== undefined ? `this session is recorded in ${this.o.capture}` : 'this session goes on';
  }

  private tell(kind: string, line: string): void {
    if (this.told.has(kind)) return;
    this.told.add(kind);
    this.o.say(line);
  }

  private async fileMark(): Promise<string> {
    try {
      const s = await stat(this.o.proxyFile);
      return `${s.ino}:${s.size}:${s.mtimeMs}`;
    } catch {
      return 'none';
    }
  }

  private async look(): Promise<void> {
    if (this.state.kind !== 'looking') return;
    this.triedFile = await this.fileMark();
    const read = await readProxyFile(this.o.proxyFile);
    if (this.state.kind !== 'looking') return;
    if (read.kind === 'proxy') return this.connect(read.proxy);
    if (read.kind === 'unusable') {
      this.tell(`unusable:${read.why}`, `${this.o.proxyFile} ${read.why}, so this session is not shown live in mcpscope; ${this.recorded()}.`);
    }
    this.lookLater();
  }

  private lookLater(): void {
    if (this.state.kind !== 'looking') return;
    this.poll = setTimeout(() => {
      void this.fileMark().then((mark) => (mark !== this.triedFile ? this.look() : this.lookLater()));
    }, this.o.pollMs ?? 2000);
    this.poll.unref();
  }

  private connect(proxy: ProxyFile): void {
    const ws = new WebSocket(`ws://${proxy.host}:${proxy.port}${WRAP_SOCKET_PATH}`, [CAPTURE_SUBPROTOCOL, `${TOKEN_SUBPROTOCOL_PREFIX}${proxy.token}`], {
      perMessageDeflate: false,
      handshakeTimeout: HANDSHAKE_MS,
    });
    this.state = { kind: 'connecting', ws };
    const lost = (kind: string, line: string) => {
      if (this.state.kind === 'ended') return;
      this.tell(kind, line);
      this.state = { kind: 'looking' };
      this.lookLater();
    };
    ws.on('error', (err: NodeJS.ErrnoException) => {
      if (this.state.kind !== 'connecting' || this.state.ws !== ws) return;
      const why = err.code === 'ECONNREFUSED' ? 'is not answering' : `cannot be reached (${err.message})`;
      lost('unreachable', `${this.where(proxy)} ${why}; ${this.recorded()} and shows in the page when a proxy starts.`);
    });
    ws.on('unexpected-response', (_req, res) => {
      res.resume();
      ws.terminate();
      if (this.state.kind !== 'connecting' || this.state.ws !== ws) return;
      const why =
        res.statusCode === 401
          ? 'refused the token in that file (the file may be left from an earlier proxy)'
          : `refused the live link (HTTP ${res.statusCode}; it may be an older mcpscope)`;
      lost('refused', `${this.where(proxy)} ${why}; ${this.recorded()} and shows in the page when a proxy starts.`);
    });
    ws.on('open', () => {
      if (this.state.kind !== 'connecting' || this.state.ws !== ws) return ws.terminate();
      this.state = { kind: 'open', ws, proxy };
      const hello = {
        type: 'hello',
        session: this.session,
        pid: process.pid,
        transport: this.o.transport,
        header: this.o.header,
        ...(this.o.capture !== undefined ? { capture: this.o.capture } : {}),
      };
      ws.send(JSON.stringify(hello));
      const replay = this.backlog.replay();
      for (let i = 0; i < replay.lines.length; i += MAX_RECORDS_PER_MESSAGE) ws.send(recordsMessage(replay.lines.slice(i, i + MAX_RECORDS_PER_MESSAGE)));
      if (replay.lost > 0) ws.send(JSON.stringify({ type: 'lost', records: replay.lost }));
      this.send();
    });
    ws.on('close', (code: number, reason: Buffer) => {
      if (this.state.kind !== 'open' || this.state.ws !== ws) return;
      const said = String(reason);
      const line =
        code === 1001
          ? `${this.where(proxy)} stopped; ${this.recorded()} and shows in the page when a proxy starts again.`
          : said !== '' && code !== 1006
            ? `${this.where(proxy)} closed the live link: ${said}; ${this.recorded()}.`
            : `${this.where(proxy)} went away; ${this.recorded()} and shows in the page when a proxy starts again.`;
      lost(`closed:${code}:${said}`, line);
    });
  }

  /** What is pending, in batches, while the socket takes it. */
  private send(): void {
    this.sendScheduled = false;
    if (this.state.kind === 'open') this.drain(this.state.ws, HIGH_WATER_BYTES);
  }

  private drain(ws: WebSocket, highWater: number): void {
    while (this.backlog.hasPending && ws.readyState === WebSocket.OPEN && ws.bufferedAmount < highWater) {
      const { lines, lost } = this.backlog.take(MAX_RECORDS_PER_MESSAGE, BATCH_BYTES);
      if (lost > 0) ws.send(JSON.stringify({ type: 'lost', records: lost }));
      ws.send(recordsMessage(lines), () => {
        if (this.state.kind === 'open' && this.state.ws === ws && !this.sendScheduled && this.backlog.hasPending) this.send();
      });
    }
  }
}

/** The lines are records as JSON already: they go as they are. */
function recordsMessage(lines: readonly string[]): string {
  return `{"type":"records","records":[${lines.join(',')}]}`;
}

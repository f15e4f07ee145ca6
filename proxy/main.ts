// The proxy's entry: node dist/node/proxy/main.js [options] [command args…]
import { realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { launchOfSaved, readConfigLaunch, type ConfigLaunch } from './config-launch.js';
import { readSavedServer } from '../node/servers/saved-by-name.js';
import type { LaunchConfig, SavedServer } from '../src/protocol/wire.js';
import { OAuthDemoError, oauthDemoPrefill, startOAuthDemo, type OAuthDemo } from './demo-oauth.js';
import { HELP, USAGE, launchConfigFor, parseOptions, type ProxyOptions } from './options.js';
import { defaultCredentialFile } from '../node/auth/credential-file.js';
import { defaultModelKeysFile } from '../node/models/keys-file.js';
import { openBrowser, shouldOpenBrowser } from './open-browser.js';
import { demoServerCommand, packageVersion } from './paths.js';
import { startProxy, ProxyStartError } from './server.js';
import { killAllProcessGroups, reportGroupsTo } from '../node/upstream/process-group.js';
import { startReaper } from '../node/upstream/reaper.js';
import { proxyFilePath, removeOwnProxyFile } from '../node/proxy-file/proxy-file.js';

/** Runs until SIGINT/SIGTERM/SIGHUP. Returns an exit code when it stops before serving. */
export async function main(argv: readonly string[]): Promise<number | undefined> {
  const parsed = parseOptions(argv);
  if (!parsed.ok) {
    process.stderr.write(`mcpscope: ${parsed.error}\n${USAGE}\n`);
    return 2;
  }
  const options = parsed.options;
  if (options.help) {
    process.stdout.write(`${HELP}\n`);
    return 0;
  }
  // --config: read once, before anything starts, so a wrong NAME stops here with the names there are.
  let config: ConfigLaunch | undefined;
  if (options.config !== undefined) {
    const read = readConfigLaunch(options.config);
    if (!read.ok) {
      process.stderr.write(`mcpscope: ${read.error}\n`);
      return 2;
    }
    config = read.value;
    for (const problem of config.problems) process.stderr.write(`mcpscope: ${problem}\n`);
  }
  // --server NAME alone: the saved list, read once, the same way.
  let saved: SavedServer | undefined;
  if (options.saved !== undefined) {
    const read = readSavedServer(options.saved, '--config FILE, a server command or --url');
    if (!read.ok) {
      process.stderr.write(`mcpscope: ${read.error}\n`);
      return 2;
    }
    saved = read.value;
  }
  // Whatever happens, no server outlives the proxy.
  process.on('exit', killAllProcessGroups);
  // Even a SIGKILL, which runs no exit hook, leaves no server behind.
  const startWatchdog = (): void => {
    const reaper = startReaper();
    if (reaper !== undefined) reportGroupsTo(reaper);
  };
  // --demo oauth: the protected demo runs beside the proxy (and stops with it). It starts before
  // the proxy serves, so the reaper must watch it from the first moment.
  let demo: OAuthDemo | undefined;
  if (options.demo === 'oauth') {
    startWatchdog();
    try {
      demo = await startOAuthDemo();
    } catch (err) {
      process.stderr.write(`mcpscope: ${err instanceof OAuthDemoError || err instanceof Error ? err.message : String(err)}\n`);
      return 1;
    }
  }
  let proxy;
  const proxyFile = proxyFilePath();
  try {
    proxy = await startProxy({
      port: options.port,
      ...(options.sandboxPort !== undefined ? { sandboxPort: options.sandboxPort } : {}),
      host: options.host,
      allowOrigins: options.allowOrigins,
      maxServers: options.maxServers,
      ...(options.rememberCredentials ? { oauth: { credentialFile: defaultCredentialFile() }, models: { keyFile: defaultModelKeysFile() } } : {}),
      ...(config !== undefined ? { configFile: config.configFile } : {}),
      launch: launchOf(options, demo, saved),
      proxyFile,
    });
  } catch (err) {
    const message = err instanceof ProxyStartError || err instanceof Error ? err.message : String(err);
    process.stderr.write(`mcpscope: ${message}\n`);
    await demo?.stop();
    return 1;
  }
  const running = proxy;
  // A second Ctrl-C exits before close() is done: the file goes all the same.
  process.on('exit', () => removeOwnProxyFile(proxyFile, { pid: process.pid, token: running.token }));
  // Signals are taken before the ready line: whoever reads it may stop the proxy at once.
  let stopping = false;
  const stop = (): void => {
    if (stopping) process.exit(1); // a second Ctrl-C: the exit hook SIGKILLs what is left
    stopping = true;
    void running
      .close()
      .finally(() => demo?.stop())
      .finally(() => process.exit(0));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  process.on('SIGHUP', stop); // the terminal closed
  process.stdout.write(`mcpscope ready: ${running.url} (app sandbox: ${running.sandboxOrigin}/)\n`);
  for (const line of config?.summary ?? []) process.stdout.write(`${line}\n`);
  if (saved !== undefined) process.stdout.write(`${saved.entry.name} (saved) is prefilled.\n`);
  if (demo !== undefined) {
    process.stdout.write(`OAuth demo: MCP server ${demo.mcpUrl} · authorization server ${demo.issuer}/ (press Connect, then Approve on its consent page)\n`);
  }
  // Otherwise the reaper starts after the ready line (and before any session can arrive): it does not delay start-up.
  if (demo === undefined) startWatchdog();
  // Started with an IPC channel (npm start's wrapper): it closes when that parent dies, even by SIGKILL.
  if (process.channel !== undefined) {
    process.channel.unref();
    // A stop already under way keeps its grace period: losing the parent then is no second Ctrl-C.
    const parentGone = (): void => {
      if (!stopping) stop();
    };
    if (process.connected) process.once('disconnect', parentGone);
    else parentGone();
  }
  if (shouldOpenBrowser(options.open)) openBrowser(running.url);
  return undefined;
}

/** What the page prefills: the OAuth demo, a saved server, or the command, URL or demo of the options. */
function launchOf(options: ProxyOptions, demo: OAuthDemo | undefined, saved: SavedServer | undefined): LaunchConfig {
  if (demo !== undefined) return { version: packageVersion(), prefill: oauthDemoPrefill(demo.mcpUrl) };
  const launch = launchConfigFor(options, demoServerCommand(options.demo), packageVersion());
  return saved !== undefined ? launchOfSaved(launch, saved) : launch;
}

function isEntry(): boolean {
  const script = process.argv[1];
  if (script === undefined) return false;
  try {
    return realpathSync(script) === realpathSync(fileURLToPath(import.meta.url));
  } catch {
    return false;
  }
}

if (isEntry()) {
  main(process.argv.slice(2)).then(
    (code) => {
      if (code !== undefined) process.exit(code);
    },
    (err: unknown) => {
      process.stderr.write(`mcpscope: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
      process.exit(1);
    },
  );
}

// One app instance for one call of a tool with a UI: its ui:// resource read
// over the connection, the permissions it declares asked for (Allow or Deny), then AppFrame
// with the call's input and result, the person's host context, and handlers
// that route the app's requests through the scope. Every bridge message is
// logged on the instance's app channel; the sandbox's reports and the
// resource's problems are sentences above the app (and findings in Problems).

import { useEffect, useMemo, useRef, useState, type CSSProperties } from 'react';
import { useStore } from 'zustand';
import type { McpUiDisplayMode } from '@modelcontextprotocol/ext-apps/app-bridge';
import type { AppProblem, SandboxDiagnostic, Tool, ToolUi, UiPermissions } from '../../../protocol/index.js';
import { useApp, useConnectionScope, useTheme, useTools } from '../../hooks.js';
import { LazyAppFrame } from './LazyAppFrame.js';
import type { JsonObject, TeardownOutcome } from './app-frame-contract.js';
import { createAppHandlers } from './app-handlers.js';
import { viewportOf } from './apps-store.js';
import { AppSaidPanel } from './AppSaidPanel.js';
import { diagnosticSentence, isTrouble } from './diagnostic-words.js';
import { hostContextOf } from './host-context.js';
import { declaredPermissions, permissionsSentence, PermissionsPrompt } from './PermissionsPrompt.js';
import { teardownSentence } from './teardown-words.js';
import { useAppResource } from './use-app-resource.js';
import { ToolCallQuestionDialog } from './ToolCallQuestionDialog.js';
import { useApps } from './use-apps.js';

export interface ToolAppProps {
  tool: Tool;
  ui: ToolUi;
  /** The connection the call was made on. */
  connection: number;
  /** The server's tools (for the app's own calls). */
  tools: readonly Tool[];
  input?: JsonObject;
  result?: JsonObject;
}

const MODE_WORDS: Record<McpUiDisplayMode, string> = { inline: 'inline', fullscreen: 'fullscreen', pip: 'picture in picture' };

function Problems({ problems, diagnostics }: { problems: readonly AppProblem[]; diagnostics: readonly SandboxDiagnostic[] }) {
  if (problems.length === 0 && diagnostics.length === 0) return null;
  return (
    <ul className="app-problems" aria-label="What is wrong with this app">
      {problems.map((p, i) => (
        <li key={`p${i}`} className={p.severity === 'error' ? 'tone-bad' : 'tone-warn'}>
          {p.message} <span className="hint">({p.rule})</span>
        </li>
      ))}
      {diagnostics.map((d, i) => (
        <li key={`d${i}`} className="tone-bad">
          {diagnosticSentence(d)}
        </li>
      ))}
    </ul>
  );
}

export function ToolApp({ tool, ui, connection, tools, input, result }: ToolAppProps) {
  const scope = useConnectionScope();
  const { lint } = useApp();
  const resource = useAppResource(connection, ui.resourceUri);
  const [app, setApp] = useState<number>();
  useEffect(() => {
    const opened = scope.apps.getState().open(tool, connection);
    setApp(opened);
    return () => scope.apps.getState().close(opened);
  }, [scope, tool, connection]);
  const instance = useApps((s) => s.instances.find((i) => i.app === app));
  const settings = useApps((s) => s.settings);
  const workspaceTheme = useTheme((s) => s.theme);
  const callFromApp = useTools((s) => s.callFromApp);
  const toolsRef = useRef(tools);
  toolsRef.current = tools;
  const [granted, setGranted] = useState<UiPermissions>();
  const [closing, setClosing] = useState(false);
  const [askedToClose, setAskedToClose] = useState(false);
  const [tornDown, setTornDown] = useState<TeardownOutcome>();

  const handlers = useMemo(
    () =>
      app === undefined
        ? undefined
        : createAppHandlers({ app, apps: scope.apps, tools: () => toolsRef.current, callTool: callFromApp, session: () => scope.readDeps.session(connection) }),
    [app, scope, callFromApp, connection],
  );
  const snapshot = useStore(scope.connectionStore, (s) => s.snapshot?.connection);

  if (app === undefined || !instance || !handlers) return null;
  const channel = { app, tool: tool.name };
  const reading = resource.status === 'read' ? resource.reading : undefined;
  const value = reading?.value;
  const needsConsent = value !== undefined && declaredPermissions(value.permissions).length > 0 && granted === undefined;
  const { width, height: maxHeight } = viewportOf(settings);
  const mode = instance.displayMode;
  // Inline, the app gets the viewport's width (at most its place's) and scrolls past the viewport's height.
  const frameStyle: CSSProperties = mode === 'inline' ? { width, maxHeight } : {};

  return (
    <section className={`tool-app app-mode-${mode}`} aria-label={`App ${app} of ${tool.name}`}>
      <header className="tool-app-head">
        <span>
          App {app} of <code>{tool.name}</code> · <code>{ui.resourceUri}</code> · {MODE_WORDS[mode]}
        </span>
        {mode !== 'inline' && (
          <button type="button" className="small" onClick={() => scope.apps.getState().setDisplayMode(app, 'inline')}>
            Back to inline
          </button>
        )}
        {value && !needsConsent && tornDown === undefined && (
          <button type="button" className="small" disabled={closing} onClick={() => setClosing(true)}>
            {closing ? 'Closing…' : 'Close the app'}
          </button>
        )}
      </header>
      {snapshot !== connection && <p className="hint">The connection this app was opened on has ended: its requests are refused.</p>}
      {resource.status === 'reading' && <p className="hint">Reading {ui.resourceUri}…</p>}
      {resource.status === 'failed' && <p className="tone-bad">{resource.sentence}</p>}
      <Problems problems={reading?.problems ?? []} diagnostics={instance.diagnostics.filter(isTrouble)} />
      {reading && !value && <p className="tone-bad">There is no app to show: the resource did not give HTML (see above).</p>}
      {needsConsent && (
        <PermissionsPrompt
          declared={value.permissions}
          onDecide={(decided) => {
            setGranted(decided);
            const sentence = permissionsSentence(value.permissions, decided);
            scope.apps.getState().decidePermissions(app, sentence);
            scope.logAppMessage(connection, channel, 'sandbox', sentence);
          }}
        />
      )}
      {value && !needsConsent && tornDown === undefined && (
        <div className="tool-app-frame" style={frameStyle}>
          <LazyAppFrame
            resource={value}
            grantedPermissions={granted ?? {}}
            hostContext={hostContextOf(settings, workspaceTheme, instance)}
            {...(input !== undefined ? { toolInput: input } : {})}
            {...(result !== undefined ? { toolResult: result } : {})}
            handlers={handlers}
            onFrame={(direction, raw) => scope.logAppMessage(connection, channel, direction, raw)}
            onDiagnostic={(d) => {
              scope.apps.getState().diagnostic(app, d);
              const seq = scope.logAppMessage(connection, channel, 'sandbox', diagnosticSentence(d));
              lint.bridgeDiagnostic(connection, channel, d, seq);
            }}
            onRequestTeardown={() => setAskedToClose(true)}
            closing={closing}
            onTornDown={(outcome) => {
              setTornDown(outcome);
              scope.logAppMessage(connection, channel, 'sandbox', teardownSentence(outcome));
            }}
            title={`App of tool ${tool.name}`}
          />
        </div>
      )}
      {tornDown !== undefined && (
        <p className={tornDown.kind === 'answered' ? 'hint' : 'tone-warn'} role="status">
          {askedToClose && 'The app asked to be closed (ui/notifications/request-teardown). '}
          {teardownSentence(tornDown)} Call the tool again to open it anew.
        </p>
      )}
      <AppSaidPanel instance={instance} />
      <ToolCallQuestionDialog app={app} />
    </section>
  );
}

import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useStore } from 'zustand';
import { ErrorBoundary } from './components/ErrorBoundary.js';
import { Tabs } from './components/Tabs.js';
import { useApp, useCapturedInView, useConnection, useNavigation } from './hooks.js';
import type { InspectorTab } from './stores/navigation-store.js';
import { lazyView } from './components/LazyView.js';
import type { SettingsStorage } from './components/icons/icon-origins.js';
import { ConnectionNotices } from './features/connect/ConnectionNotices.js';
import { ConnectionPanel } from './features/connect/ConnectionPanel.js';
import { ConnectFormProvider, useConnectFromForm } from './features/connect/connect-form-context.js';
import { LogTab } from './features/log/LogTab.js';
import { PingTab } from './features/ping/PingTab.js';
import { ElicitationHost } from './features/elicitation/ElicitationHost.js';
import { SamplingHost } from './features/sampling/SamplingHost.js';
import { ModelSettings } from './features/models/ModelSettings.js';
import { ThemeSwitch } from './theme/ThemeSwitch.js';
import { createSidebarStore, type SidebarStore } from './shell/sidebar-store.js';
import { SIDEBAR_ID, TopBar } from './shell/TopBar.js';
import { ConnectionsBar } from './workspace/ConnectionsBar.js';
import { CapturedReadOnly } from './workspace/CapturedReadOnly.js';
import { PerScope } from './workspace/PerScope.js';

// The first screen is the connection panel, Ping and the Log; every other tab is its own
// chunk (the Tools tab brings the form library), fetched when the tab is first opened.
// Not at connection: parsing them then held up the first answers (a ping took 109 ms
// instead of 2); the server's lists are fetched by the wiring (server-data/list-query.ts).
const ToolsTab = lazyView('the Tools tab', () => import('./features/tools/ToolsTab.js').then((m) => m.ToolsTab));
const ResourcesTab = lazyView('the Resources tab', () => import('./features/resources/ResourcesTab.js').then((m) => m.ResourcesTab));
const PromptsTab = lazyView('the Prompts tab', () => import('./features/prompts/PromptsTab.js').then((m) => m.PromptsTab));
const TasksTab = lazyView('the Tasks tab', () => import('./features/tasks/TasksTab.js').then((m) => m.TasksTab));
const ConsoleTab = lazyView('the Console tab', () => import('./features/console/ConsoleTab.js').then((m) => m.ConsoleTab));
const NetworkTab = lazyView('the Network tab', () => import('./features/network/NetworkTab.js').then((m) => m.NetworkTab));
const ProblemsTab = lazyView('the Problems tab', () => import('./features/problems/ProblemsTab.js').then((m) => m.ProblemsTab));
const ComposerTab = lazyView('the Composer tab', () => import('./features/composer/ComposerTab.js').then((m) => m.ComposerTab));
const AuthorizationTab = lazyView('the Authorization tab', () => import('./features/authorization/AuthorizationTab.js').then((m) => m.AuthorizationTab));
const LoggingTab = lazyView('the Server messages tab', () => import('./features/logging/LoggingTab.js').then((m) => m.LoggingTab));
const AppsTab = lazyView('the Apps tab', () => import('./features/apps/AppsTab.js').then((m) => m.AppsTab));
const CompareTab = lazyView('the Compare tab', () => import('./features/compare/CompareTab.js').then((m) => m.CompareTab));
const ChatTab = lazyView('the Chat tab', () => import('./features/chat/ChatTab.js').then((m) => m.ChatTab));
const EvalsTab = lazyView('the Evals tab', () => import('./features/evals/EvalsTab.js').then((m) => m.EvalsTab));

const TABS: Array<{ id: InspectorTab; label: string; panel: ReactNode; deferred?: boolean }> = [
  { id: 'ping', label: 'Ping', panel: <PingTab /> },
  { id: 'tools', label: 'Tools', panel: <ToolsTab />, deferred: true },
  { id: 'resources', label: 'Resources', panel: <ResourcesTab />, deferred: true },
  { id: 'prompts', label: 'Prompts', panel: <PromptsTab />, deferred: true },
  { id: 'tasks', label: 'Tasks', panel: <TasksTab />, deferred: true },
  { id: 'log', label: 'Log', panel: <LogTab /> },
  { id: 'logging', label: 'Server messages', panel: <LoggingTab />, deferred: true },
  { id: 'console', label: 'Console', panel: <ConsoleTab />, deferred: true },
  { id: 'network', label: 'Network', panel: <NetworkTab />, deferred: true },
  { id: 'problems', label: 'Problems', panel: <ProblemsTab />, deferred: true },
  { id: 'composer', label: 'Composer', panel: <ComposerTab />, deferred: true },
  // OAuth: only for HTTP connections; it comes to the front when a flow starts.
  { id: 'authorization', label: 'Authorization', panel: <AuthorizationTab />, deferred: true },
  { id: 'compare', label: 'Compare', panel: <CompareTab />, deferred: true },
  { id: 'apps', label: 'Apps', panel: <AppsTab />, deferred: true },
  { id: 'chat', label: 'Chat', panel: <ChatTab />, deferred: true },
  { id: 'evals', label: 'Evals', panel: <EvalsTab />, deferred: true },
];

// The Log, Problems, Console, Compare and Chat show every connection; the other tabs are kept once per open connection.
const ALL_CONNECTIONS: ReadonlySet<InspectorTab> = new Set(['log', 'problems', 'console', 'compare', 'chat']);

// Each panel fails on its own: a server that breaks one view leaves the others working.
// A captured connection in view: the tabs that drive a server say it is read-only.
const GUARDED_TABS = TABS.map((t) => {
  const guarded = <ErrorBoundary what={`The ${t.label} tab`}>{t.panel}</ErrorBoundary>;
  return { ...t, panel: ALL_CONNECTIONS.has(t.id) ? guarded : <PerScope captured={<CapturedReadOnly what={`the ${t.label} tab`} />}>{guarded}</PerScope> };
});

const STDIO_TABS = GUARDED_TABS.filter((t) => t.id !== 'authorization');

function InspectorTabs() {
  const { navigationStore } = useApp();
  const tab = useNavigation((s) => s.tab);
  const http = useConnection((s) => s.snapshot?.transport.kind === 'http');
  return (
    <Tabs
      tabs={http ? GUARDED_TABS : STDIO_TABS}
      label="Inspector"
      selected={!http && tab === 'authorization' ? 'ping' : tab}
      onSelect={(id) => navigationStore.getState().selectTab(id as InspectorTab)}
    />
  );
}

function MissingToken() {
  return (
    <main className="missing-token">
      <h2>This page needs the proxy's token</h2>
      <p>
        Open the URL the mcpscope proxy printed when it started — it ends with <code>#token=…</code>. The token keeps other web pages from driving the proxy,
        which can start processes on this machine.
      </p>
    </main>
  );
}

function Header() {
  const { token } = useApp();
  return (
    <header className="app-header">
      <h1>mcpscope</h1>
      <span className="tagline">MCP inspector &amp; protocol debugger</span>
      {token !== null && <ConnectionsBar />}
      {token !== null && <SamplingHost />}
      <ThemeSwitch />
    </header>
  );
}

const FOCUSABLE = 'input:not([disabled]), select:not([disabled]), textarea:not([disabled]), button:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** Where the settings are a drawer over the tabs (styles/shell.css). */
const DRAWER_MEDIA = '(max-width: 900px)';

/**
 * The drawer (a narrow page) takes the focus when it opens, so the keyboard is where the eyes are, and gives
 * it back to its toggle when it closes with the focus inside (Escape, the backdrop), never leaving it on a
 * hidden element. The focus moves without scrolling: a drawer opened at a form error stays at the error. On a
 * wide page the settings are no drawer and the focus is left alone.
 */
function useDrawerFocus(open: boolean): void {
  const wasOpen = useRef(false);
  useEffect(() => {
    const drawer = document.getElementById(SIDEBAR_ID);
    const toggle = document.querySelector<HTMLElement>('.sidebar-toggle.drawer');
    const isDrawer = window.matchMedia(DRAWER_MEDIA).matches;
    if (isDrawer && open && !wasOpen.current && !drawer?.contains(document.activeElement)) {
      drawer?.querySelector<HTMLElement>(FOCUSABLE)?.focus({ preventScroll: true });
    }
    if (isDrawer && !open && wasOpen.current && (document.activeElement === document.body || drawer?.contains(document.activeElement))) toggle?.focus();
    wasOpen.current = open;
  }, [open]);
}

/** The page once it has its token: the bars on top, the server settings beside (or over) the tabs. */
function Workspace({ token, sidebar }: { token: string; sidebar: SidebarStore }) {
  const connectFromForm = useConnectFromForm();
  const captured = useCapturedInView() !== undefined;
  const expanded = useStore(sidebar, (s) => s.expanded);
  const drawerOpen = useStore(sidebar, (s) => s.drawerOpen);
  // Connect shows its outcome in the main pane (the drawer closes); a form it cannot use opens the settings.
  const connect = (): void => {
    if (connectFromForm()) sidebar.getState().closeDrawer();
    else sidebar.getState().reveal();
  };
  useDrawerFocus(drawerOpen);
  return (
    <>
      <div className="app-top">
        <Header />
        <TopBar sidebar={sidebar} onConnect={connect} />
      </div>
      <main className={`layout${expanded ? '' : ' collapsed'}${drawerOpen ? ' drawer-open' : ''}`}>
        <PerScope>
          <ElicitationHost />
        </PerScope>
        {drawerOpen && <div className="drawer-backdrop" aria-hidden="true" onClick={() => sidebar.getState().closeDrawer()} />}
        <aside
          id={SIDEBAR_ID}
          className="panel sidebar"
          aria-label="Server settings"
          onKeyDown={(e) => {
            if (e.key === 'Escape' && drawerOpen) sidebar.getState().closeDrawer();
          }}
        >
          <PerScope captured={<CapturedReadOnly what="the Connect form" />}>
            <ConnectionPanel token={token} onConnect={connect} />
          </PerScope>
          <ErrorBoundary what="The Models settings">
            <ModelSettings />
          </ErrorBoundary>
        </aside>
        <section className="panel work-panel" aria-label="Inspector">
          {!captured && <ConnectionNotices />}
          <InspectorTabs />
        </section>
      </main>
    </>
  );
}

/** `settings`: where the sidebar's expanded or collapsed state is kept across visits. */
export function App({ settings }: { settings?: SettingsStorage }) {
  const { token } = useApp();
  const [sidebar] = useState(() => createSidebarStore(settings));
  return (
    <div className="app">
      {token === null ? (
        <>
          <Header />
          <MissingToken />
        </>
      ) : (
        <ConnectFormProvider token={token}>
          <Workspace token={token} sidebar={sidebar} />
        </ConnectFormProvider>
      )}
    </div>
  );
}

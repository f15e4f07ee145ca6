import type { ReactNode } from 'react';
import { ErrorBoundary } from './components/ErrorBoundary.js';
import { Tabs } from './components/Tabs.js';
import { useApp, useNavigation } from './hooks.js';
import type { InspectorTab } from './stores/navigation-store.js';
import { ConnectionPanel } from './features/connect/ConnectionPanel.js';
import { LogTab } from './features/log/LogTab.js';
import { NetworkTab } from './features/network/NetworkTab.js';
import { ConsoleTab } from './features/console/ConsoleTab.js';
import { PingTab } from './features/ping/PingTab.js';
import { ResourcesTab } from './features/resources/ResourcesTab.js';
import { PromptsTab } from './features/prompts/PromptsTab.js';
import { ComposerTab } from './features/composer/ComposerTab.js';
import { ProblemsTab } from './features/problems/ProblemsTab.js';
import { ToolsTab } from './features/tools/ToolsTab.js';
import { ElicitationDialog } from './features/elicitation/ElicitationDialog.js';

const TABS: Array<{ id: InspectorTab; label: string; panel: ReactNode }> = [
  { id: 'ping', label: 'Ping', panel: <PingTab /> },
  { id: 'tools', label: 'Tools', panel: <ToolsTab /> },
  { id: 'resources', label: 'Resources', panel: <ResourcesTab /> },
  { id: 'prompts', label: 'Prompts', panel: <PromptsTab /> },
  { id: 'log', label: 'Log', panel: <LogTab /> },
  { id: 'console', label: 'Console', panel: <ConsoleTab /> },
  { id: 'network', label: 'Network', panel: <NetworkTab /> },
  { id: 'problems', label: 'Problems', panel: <ProblemsTab /> },
  { id: 'composer', label: 'Composer', panel: <ComposerTab /> },
];

// Each panel fails on its own: a server that breaks one view leaves the others working.
const GUARDED_TABS = TABS.map((t) => ({ ...t, panel: <ErrorBoundary what={`The ${t.label} tab`}>{t.panel}</ErrorBoundary> }));

function InspectorTabs() {
  const { navigationStore } = useApp();
  const tab = useNavigation((s) => s.tab);
  return <Tabs tabs={GUARDED_TABS} label="Inspector" selected={tab} onSelect={(id) => navigationStore.getState().selectTab(id as InspectorTab)} />;
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

export function App() {
  const { token } = useApp();
  return (
    <div className="app">
      <header className="app-header">
        <h1>mcpscope</h1>
        <span className="tagline">MCP inspector &amp; protocol debugger</span>
      </header>
      {token === null ? (
        <MissingToken />
      ) : (
        <main className="layout">
          <ElicitationDialog />
          <ConnectionPanel token={token} />
          <section className="panel work-panel" aria-label="Inspector">
            <InspectorTabs />
          </section>
        </main>
      )}
    </div>
  );
}

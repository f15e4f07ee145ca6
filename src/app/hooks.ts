// Selector hooks over the page's stores, read from the app in context.

import { useStore } from 'zustand';
import { useApp } from './app-context.js';
import type { ConnectionScope } from './workspace/connection-scope.js';
import { useConnectionScope } from './workspace/scope-context.js';
import { createStore } from 'zustand/vanilla';
import type { CapturedInfo, CapturedScope } from './workspace/captured-scope.js';
import { capturedInView, type WorkspaceState } from './workspace/workspace-store.js';
import type { IconOriginsState } from './components/icons/icon-origins.js';
import type { NetworkState } from './features/network/network-store.js';
import type { PingState } from './features/ping/ping-store.js';
import type { PromptsState } from './features/prompts/prompts-store.js';
import type { ResourcesState } from './features/resources/resources-store.js';
import type { ListenState } from './features/resources/listen-store.js';
import type { ToolsState } from './features/tools/tools-store.js';
import type { ConnectionState } from './stores/connection-store.js';
import type { NavigationState } from './stores/navigation-store.js';
import type { ThemeState } from './theme/theme-store.js';

export type { ConnectionScope };

export { useApp };
/** The connection in view: components reach per-connection parts only through this. */
export { useConnectionScope };
export const useConnection = <T>(selector: (s: ConnectionState) => T): T => useStore(useConnectionScope().connectionStore, selector);
export const usePing = <T>(selector: (s: PingState) => T): T => useStore(useConnectionScope().pingStore, selector);
export const useNavigation = <T>(selector: (s: NavigationState) => T): T => useStore(useApp().navigationStore, selector);
export const useTools = <T>(selector: (s: ToolsState) => T): T => useStore(useConnectionScope().toolsStore, selector);
export const usePrompts = <T>(selector: (s: PromptsState) => T): T => useStore(useConnectionScope().promptsStore, selector);
export const useResources = <T>(selector: (s: ResourcesState) => T): T => useStore(useConnectionScope().resourcesStore, selector);
export const useListen = <T>(selector: (s: ListenState) => T): T => useStore(useConnectionScope().listenStore, selector);
export const useNetwork = <T>(selector: (s: NetworkState) => T): T => useStore(useConnectionScope().networkStore, selector);
export const useIconOrigins = <T>(selector: (s: IconOriginsState) => T): T => useStore(useApp().iconOrigins, selector);
export const useTheme = <T>(selector: (s: ThemeState) => T): T => useStore(useApp().theme, selector);
export const useWorkspace = <T>(selector: (s: WorkspaceState) => T): T => useStore(useApp().workspace, selector);
/** The captured connection in view, if one is (then no scope is: the tabs that drive a server say so). */
export const useCapturedInView = (): CapturedScope | undefined => useWorkspace(capturedInView);
const NOT_CAPTURED = createStore<Pick<CapturedInfo, 'protocolVersion'>>()(() => ({}));

/** The protocol version of the connection in view: the captured connection's, else the one negotiated or offered. */
export function useVersionInView(): string | undefined {
  const captured = useCapturedInView();
  const capturedVersion = useStore(captured?.store ?? NOT_CAPTURED, (s) => s.protocolVersion);
  const own = useConnection((s) => s.snapshot?.info?.protocolVersion ?? s.snapshot?.offeredVersion);
  return captured ? capturedVersion : own;
}

/** The connection number in view: the captured connection's, else the scope's current connection's. */
export function useConnectionInView(): number | undefined {
  const captured = useCapturedInView();
  const own = useConnection((s) => s.snapshot?.connection);
  return captured ? captured.connection : own;
}

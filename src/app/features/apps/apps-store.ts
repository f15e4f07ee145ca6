// The apps of one connection scope (MCP Apps): the app instances open (in the
// Apps tab or under a Tools tab result), what each said to its host, the mode
// each is shown in, the sandbox's reports, the person's "ask before the app
// calls a tool" switch with the questions waiting, and the host context
// controls. Framework-free.

import { createStore, type StoreApi } from 'zustand/vanilla';
import type { McpUiDisplayMode, McpUiUpdateModelContextRequest } from '@modelcontextprotocol/ext-apps/app-bridge';
import type { SandboxDiagnostic, Tool } from '../../../protocol/index.js';

/** The display modes this host offers an app. */
export const DISPLAY_MODES: readonly McpUiDisplayMode[] = ['inline', 'fullscreen', 'pip'];

/** Something an app told its host, shown in the app's panel ("what the app said"). */
export type AppSaid =
  | { at: number; kind: 'message'; text: string }
  /** ui/open-link: shown as a link the person may click; never opened by the host itself. */
  | { at: number; kind: 'link'; url: string };

export type ModelContext = McpUiUpdateModelContextRequest['params'];

export interface AppInstance {
  /** The page's number of this instance: the Log's app channel, and "from app N" in the history. */
  app: number;
  tool: Tool;
  /** The connection it was opened on; its messages are logged under it. */
  connection: number;
  displayMode: McpUiDisplayMode;
  said: readonly AppSaid[];
  /** The latest ui/update-model-context (each replaces the one before). */
  modelContext?: ModelContext;
  diagnostics: readonly SandboxDiagnostic[];
  /** What the person chose of the permissions the app's resource declares, as a sentence. */
  permissions?: string;
}

/** A tools/call of an app waiting for the person's Allow or Deny. */
export interface ToolCallQuestion {
  app: number;
  name: string;
  arguments?: Record<string, unknown>;
  answer(allowed: boolean): void;
}

export type AppThemeChoice = 'workspace' | 'light' | 'dark';

export const VIEWPORTS = {
  phone: { width: 375, height: 667 },
  tablet: { width: 768, height: 1024 },
  desktop: { width: 1280, height: 800 },
} as const;

export type ViewportChoice = keyof typeof VIEWPORTS | 'custom';

export type Platform = 'web' | 'desktop' | 'mobile';

/** The host context the person sets in the Apps tab; every open app gets a change at once. */
export interface HostSettings {
  theme: AppThemeChoice;
  viewport: ViewportChoice;
  custom: { width: number; height: number };
  locale: string;
  platform: Platform;
  /** The mode apps are shown in (an app's request changes its own). */
  displayMode: McpUiDisplayMode;
}

export interface AppsState {
  instances: readonly AppInstance[];
  askBeforeToolCall: boolean;
  /** Questions in the order the apps asked; the first is the one shown. */
  questions: readonly ToolCallQuestion[];
  settings: HostSettings;
  /** The Tools tab shows a UI tool's app under its result (the person may turn it off). */
  appInToolsTab: boolean;

  /** A new instance of `tool`'s app; returns its number. */
  open(tool: Tool, connection: number): number;
  close(app: number): void;
  said(app: number, said: AppSaid): void;
  setModelContext(app: number, context: ModelContext): void;
  /** The mode `app` is shown in now (the person's choice, or an app's request granted). */
  setDisplayMode(app: number, mode: McpUiDisplayMode): void;
  diagnostic(app: number, diagnostic: SandboxDiagnostic): void;
  decidePermissions(app: number, sentence: string): void;
  setAskBeforeToolCall(on: boolean): void;
  /** Ask the person whether `app` may call tool `name`; resolves with the answer (false when the app closes first). */
  ask(app: number, name: string, args: Record<string, unknown> | undefined): Promise<boolean>;
  setSettings(change: Partial<HostSettings>): void;
  setAppInToolsTab(on: boolean): void;
}

export type AppsStore = StoreApi<AppsState>;

/** Enough of each kind of report to see what happened; a flooding app does not grow the page without bound. */
const DIAGNOSTICS_KEPT = 50;
const SAID_KEPT = 200;

export const DEFAULT_SETTINGS: HostSettings = {
  theme: 'workspace',
  viewport: 'desktop',
  custom: { width: 600, height: 400 },
  locale: typeof navigator === 'object' && navigator.language ? navigator.language : 'en-US',
  platform: 'web',
  displayMode: 'inline',
};

/** A flood the sandbox reports as it goes is one line that keeps its totals up to date, not a line a second. */
function withDiagnostic(kept: readonly SandboxDiagnostic[], d: SandboxDiagnostic): readonly SandboxDiagnostic[] {
  if (d.kind === 'flood' && (d.phase === 'going' || d.phase === 'over')) {
    for (let i = kept.length - 1; i >= 0; i--) {
      const k = kept[i]!;
      if (k.kind === 'flood' && (k.phase === 'started' || k.phase === 'going')) return kept.map((other, j) => (j === i ? d : other));
    }
  }
  return [...kept, d].slice(-DIAGNOSTICS_KEPT);
}

/** The width and height an app is given under `settings`. */
export function viewportOf(settings: HostSettings): { width: number; height: number } {
  return settings.viewport === 'custom' ? settings.custom : VIEWPORTS[settings.viewport];
}

export function createAppsStore(): AppsStore {
  let counter = 0;
  return createStore<AppsState>()((set, get) => {
    const change = (app: number, update: (instance: AppInstance) => AppInstance) =>
      set((s) => ({ instances: s.instances.map((i) => (i.app === app ? update(i) : i)) }));
    const answerFor = (app: number, allowed: boolean) => {
      for (const q of get().questions) if (q.app === app) q.answer(allowed);
    };
    return {
      instances: [],
      askBeforeToolCall: false,
      questions: [],
      settings: DEFAULT_SETTINGS,
      appInToolsTab: true,
      open: (tool, connection) => {
        const app = ++counter;
        const instance: AppInstance = { app, tool, connection, displayMode: get().settings.displayMode, said: [], diagnostics: [] };
        set((s) => ({ instances: [...s.instances, instance] }));
        return app;
      },
      close: (app) => {
        answerFor(app, false);
        set((s) => ({ instances: s.instances.filter((i) => i.app !== app) }));
      },
      said: (app, said) => change(app, (i) => ({ ...i, said: [...i.said, said].slice(-SAID_KEPT) })),
      setModelContext: (app, modelContext) => change(app, (i) => ({ ...i, modelContext })),
      setDisplayMode: (app, displayMode) => change(app, (i) => ({ ...i, displayMode })),
      diagnostic: (app, diagnostic) => change(app, (i) => ({ ...i, diagnostics: withDiagnostic(i.diagnostics, diagnostic) })),
      decidePermissions: (app, permissions) => change(app, (i) => ({ ...i, permissions })),
      setAskBeforeToolCall: (askBeforeToolCall) => set({ askBeforeToolCall }),
      ask: (app, name, args) =>
        new Promise<boolean>((resolve) => {
          const question: ToolCallQuestion = {
            app,
            name,
            ...(args !== undefined ? { arguments: args } : {}),
            answer: (allowed) => {
              set((s) => ({ questions: s.questions.filter((q) => q !== question) }));
              resolve(allowed);
            },
          };
          set((s) => ({ questions: [...s.questions, question] }));
        }),
      // A display mode chosen here reaches every open app at once, as the other settings do.
      setSettings: (update) =>
        set((s) => ({
          settings: { ...s.settings, ...update },
          ...(update.displayMode ? { instances: s.instances.map((i) => ({ ...i, displayMode: update.displayMode! })) } : {}),
        })),
      setAppInToolsTab: (appInToolsTab) => set({ appInToolsTab }),
    };
  });
}

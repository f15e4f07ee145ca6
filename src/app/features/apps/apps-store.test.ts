import { describe, expect, it } from 'vitest';
import type { Tool } from '../../../protocol/index.js';
import { createAppsStore } from './apps-store.js';

const tool: Tool = { name: 'flood', inputSchema: { type: 'object' } };

describe('the apps store', () => {
  it('keeps a flood the sandbox reports as it goes as one line with the latest totals, and a new flood as a line of its own', () => {
    const apps = createAppsStore();
    const app = apps.getState().open(tool, 1);
    const diagnostics = () => apps.getState().instances[0]!.diagnostics;
    apps.getState().diagnostic(app, { kind: 'flood', dropped: 10, sent: 20, ms: 250, phase: 'started' });
    apps.getState().diagnostic(app, { kind: 'app-error', message: 'boom' });
    apps.getState().diagnostic(app, { kind: 'flood', dropped: 900, sent: 1200, ms: 1250, phase: 'going' });
    apps.getState().diagnostic(app, { kind: 'flood', dropped: 950, sent: 1300, ms: 1400, phase: 'over' });
    expect(diagnostics()).toEqual([
      { kind: 'flood', dropped: 950, sent: 1300, ms: 1400, phase: 'over' },
      { kind: 'app-error', message: 'boom' },
    ]);
    apps.getState().diagnostic(app, { kind: 'flood', dropped: 5, sent: 9, ms: 250, phase: 'started' });
    apps.getState().diagnostic(app, { kind: 'flood', dropped: 3 });
    expect(diagnostics()).toHaveLength(4);
  });
});

import { QueryObserver } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { credentialsQueryKey, type StoredCredentials } from './credentials-api.js';
import { createTestApp, inView } from '../../test-app.js';
import { authorizedFlow, failedFlow, guidedFlow, prmFinding, stepUpFlow, waitingFlow } from './flow-fixtures.js';
import type { AuthFlowView } from '../../../protocol/index.js';

function connectHttp(opened: string[] = []) {
  const { app, sockets } = createTestApp({ openUrl: (url) => opened.push(url) });
  void inView(app).controller.connect({
    transport: { kind: 'http', url: 'http://127.0.0.1:3011/mcp', headers: {}, mode: 'streamable-http', auth: { mode: 'guided' } },
    protocolVersion: '2025-11-25',
  });
  const socket = sockets.at(-1)!;
  socket.acceptHandshake();
  const deliver = (flow: AuthFlowView) => socket.deliver({ type: 'auth', at: 5, flow });
  return { app, socket, deliver };
}

const systemLines = (app: ReturnType<typeof createTestApp>['app']) => {
  app.logStore.getState().flush();
  return app.logStore
    .getState()
    .entries.filter((e) => e.kind === 'system')
    .map((e) => e.raw);
};

describe('the OAuth flow in the page', () => {
  it('sends the auth config in open, and Next step / Run all / Cancel as auth envelopes', () => {
    const { app, socket, deliver } = connectHttp();
    expect(socket.sent[0]).toMatchObject({ type: 'open', transport: { auth: { mode: 'guided' } } });
    deliver(guidedFlow('resource-metadata'));
    expect(inView(app).controller.authAction('flow-1', 'next')).toBe(true);
    expect(inView(app).controller.authAction('flow-1', 'run-all')).toBe(true);
    expect(inView(app).controller.authAction('flow-1', 'cancel')).toBe(true);
    expect(socket.sent.slice(1)).toEqual([
      { type: 'auth', flowId: 'flow-1', action: 'next' },
      { type: 'auth', flowId: 'flow-1', action: 'run-all' },
      { type: 'auth', flowId: 'flow-1', action: 'cancel' },
    ]);
    inView(app).controller.disconnect();
    expect(inView(app).controller.authAction('flow-1', 'next')).toBe(false);
  });

  it('keeps the latest snapshot, brings the Authorization tab to the front when a flow starts, and logs start and end once', () => {
    const { app, deliver } = connectHttp();
    expect(app.navigationStore.getState().tab).toBe('ping');
    deliver(guidedFlow('challenge', 'ready'));
    expect(app.navigationStore.getState().tab).toBe('authorization');
    app.navigationStore.getState().selectTab('log');
    deliver(guidedFlow('resource-metadata', 'ready'));
    deliver(guidedFlow('authorization-server-metadata', 'running'));
    // An update does not take the person away from the tab they went to.
    expect(app.navigationStore.getState().tab).toBe('log');
    expect(inView(app).authFlows.store.getState().flow?.steps[2]?.state).toBe('running');
    deliver(authorizedFlow());
    deliver(authorizedFlow());
    const lines = systemLines(app).filter((l) => l.startsWith('OAuth:'));
    expect(lines).toEqual([
      'OAuth: the server asked for authorization (unauthorized); guided flow started. Every step is in the Authorization tab.',
      'OAuth: Authorized by http://127.0.0.1:3012 (scope mcp:tools): the connection continues by itself.',
    ]);
  });

  it('puts each AUTH-* finding in Problems once, though every snapshot repeats it', () => {
    const { app, deliver } = connectHttp();
    deliver(guidedFlow('authorization-server-metadata'));
    deliver(guidedFlow('registration'));
    deliver(authorizedFlow());
    const findings = app.lint.store.getState().findings;
    const line = systemLines(app).filter((l) => l.includes('AUTH-PRM-RESOURCE'));
    expect(line).toEqual([`OAuth step 2 (Protected resource metadata): AUTH-PRM-RESOURCE ${prmFinding.message}`]);
    const seq = app.logStore.getState().entries.find((e) => e.raw === line[0])!.seq;
    // Tied to that log line: marked there, and exported with it.
    expect(findings).toEqual([{ ...prmFinding, seq, connection: 1 }]);
    expect(
      app.lint.store
        .getState()
        .bySeq.get(seq)
        ?.map((f) => f.rule),
    ).toEqual(['AUTH-PRM-RESOURCE']);
    expect(app.lint.store.getState().byConnection.get(1)?.get('AUTH-PRM-RESOURCE')?.count).toBe(1);
  });

  it('a step-up is a new flow: the first one is kept as earlier, and the tab comes to the front again', () => {
    const { app, deliver } = connectHttp();
    deliver(authorizedFlow());
    app.navigationStore.getState().selectTab('tools');
    deliver(stepUpFlow());
    const s = inView(app).authFlows.store.getState();
    expect(s.flow?.flowId).toBe('flow-2');
    expect(s.earlier.map((f) => f.state)).toEqual(['authorized']);
    expect(app.navigationStore.getState().tab).toBe('authorization');
  });

  it('Quick mode opens the authorization page by itself once per attempt; Guided never does', () => {
    const opened: string[] = [];
    const { deliver } = connectHttp(opened);
    deliver(waitingFlow('guided'));
    expect(opened).toEqual([]);
    deliver(waitingFlow('quick'));
    deliver(waitingFlow('quick'));
    expect(opened).toHaveLength(1);
    expect(opened[0]).toMatch(/^http:\/\/127\.0\.0\.1:3012\/authorize\?/);
    deliver({ ...waitingFlow('quick'), attempt: 2 });
    expect(opened).toHaveLength(2);
  });

  it('a new connection starts afresh; a late snapshot of the old one is dropped', () => {
    const { app, deliver } = connectHttp();
    deliver(failedFlow());
    void inView(app).controller.connect({
      transport: { kind: 'http', url: 'http://127.0.0.1:3011/mcp', headers: {}, mode: 'auto' },
      protocolVersion: '2025-11-25',
    });
    expect(inView(app).authFlows.receive(guidedFlow('token'), 1)).toBe('stale');
    expect(inView(app).authFlows.receive(guidedFlow('challenge'), 2)).toBe('new');
    expect(inView(app).authFlows.store.getState()).toMatchObject({ connection: 2, earlier: [] });
  });
});

describe('stored credentials after a flow', () => {
  it('are read again when a flow ends', async () => {
    const { app, deliver } = connectHttp();
    const invalidated: unknown[] = [];
    vi.spyOn(app.queryClient, 'invalidateQueries').mockImplementation((filters) => {
      invalidated.push(filters?.queryKey);
      return Promise.resolve();
    });
    deliver(guidedFlow('registration', 'running'));
    expect(invalidated).toEqual([]);
    deliver(authorizedFlow());
    // After cancelling a read still on its way (below).
    await vi.waitFor(() => expect(invalidated).toEqual([['oauth-credentials']]));
  });

  it('end with a read made after the flow, even when the first read was still on its way', async () => {
    const { app, deliver } = connectHttp();
    // The tab opened with the flow: its first read left before the tokens were stored, and answers after the flow ends.
    const answers: Array<(list: StoredCredentials) => void> = [];
    const observer = new QueryObserver<StoredCredentials>(app.queryClient, {
      queryKey: credentialsQueryKey('tok'),
      queryFn: () => new Promise<StoredCredentials>((resolve) => answers.push(resolve)),
      retry: false,
    });
    const shown: StoredCredentials[] = [];
    const unsubscribe = observer.subscribe((r) => {
      if (r.data !== undefined) shown.push(r.data);
    });
    expect(answers).toHaveLength(1);
    deliver(authorizedFlow());
    answers[0]!({ persistent: false, issuers: [{ issuer: 'http://127.0.0.1:3012', clientId: 'c', resources: [] }] });
    await vi.waitFor(() => expect(answers).toHaveLength(2));
    const withTokens: StoredCredentials = {
      persistent: false,
      issuers: [{ issuer: 'http://127.0.0.1:3012', clientId: 'c', resources: [{ resource: 'http://127.0.0.1:3011/mcp', refreshable: true }] }],
    };
    answers[1]!(withTokens);
    await vi.waitFor(() => expect(observer.getCurrentResult().data).toEqual(withTokens));
    expect(shown.at(-1)).toEqual(withTokens);
    unsubscribe();
  });
});

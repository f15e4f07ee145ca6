// "Stored credentials": what the proxy keeps per authorization server (issuer,
// client id, resources, scope, expiry, whether it can refresh — never a token),
// with Forget per issuer and Forget all.

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { formatClock } from '../../../protocol/index.js';
import { credentialsQueryKey, fetchStoredCredentials, forgetCredentials, keptWhere, type StoredResource } from './credentials-api.js';

function expiry(r: StoredResource, now: number): string {
  if (r.expiresAt === undefined) return 'no expiry given';
  return r.expiresAt <= now ? `expired at ${formatClock(r.expiresAt)}` : `expires at ${formatClock(r.expiresAt)}`;
}

export function StoredCredentials({ token }: { token: string }) {
  const queryClient = useQueryClient();
  // The Authorization tab is kept once per open connection: an id of its own each time.
  const headingId = useId();
  const key = credentialsQueryKey(token);
  const list = useQuery({ queryKey: key, queryFn: () => fetchStoredCredentials(token), retry: false });
  const forget = useMutation({
    mutationFn: (issuer: string | undefined) => forgetCredentials(token, issuer),
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });
  const now = Date.now();
  const kept = list.data !== undefined ? keptWhere(list.data) : undefined;
  return (
    <section className="stored-credentials" aria-labelledby={headingId}>
      <div className="auth-section-head">
        <h3 id={headingId}>Stored credentials</h3>
        <button type="button" className="small" onClick={() => void list.refetch()} disabled={list.isFetching}>
          Refresh
        </button>
        {list.data !== undefined && list.data.issuers.length > 0 && (
          <button type="button" className="small" onClick={() => forget.mutate(undefined)} disabled={forget.isPending}>
            Forget all
          </button>
        )}
      </div>
      <p className="hint">Client registrations and tokens stay in the mcpscope proxy, keyed by authorization server; this page never sees a token.</p>
      {kept !== undefined && <p className="credentials-kept">{kept}</p>}
      {list.data?.problem !== undefined && (
        <p className="note" role="status">
          {list.data.problem}
        </p>
      )}
      {list.isPending && <p className="hint">Reading the proxy’s stored credentials…</p>}
      {list.isError && (
        <p className="failure-text" role="alert">
          {list.error.message}
        </p>
      )}
      {forget.isError && (
        <p className="failure-text" role="alert">
          Could not forget: {forget.error.message}
        </p>
      )}
      {list.data !== undefined && list.data.issuers.length === 0 && <p className="hint">None stored.</p>}
      {list.data !== undefined && list.data.issuers.length > 0 && (
        <table className="data-table credentials-table" aria-label="Stored credentials">
          <thead>
            <tr>
              <th scope="col">Authorization server</th>
              <th scope="col">Client id</th>
              <th scope="col">Resources</th>
              <th scope="col">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {list.data.issuers.map((i) => (
              <tr key={i.issuer}>
                <td className="mono">{i.issuer}</td>
                <td className="mono">
                  {i.clientId ?? '—'}
                  {i.source !== undefined && <span className="hint"> ({i.source})</span>}
                </td>
                <td>
                  {i.resources.length === 0 ? (
                    <span className="hint">no tokens</span>
                  ) : (
                    <ul className="plain-list">
                      {i.resources.map((r) => (
                        <li key={r.resource}>
                          <span className="mono">{r.resource}</span>
                          <span className="hint">
                            {' '}
                            · {r.scope !== undefined ? `scope ${r.scope}` : 'no scope'} · {expiry(r, now)} · {r.refreshable ? 'refreshable' : 'not refreshable'}
                          </span>
                        </li>
                      ))}
                    </ul>
                  )}
                </td>
                <td>
                  <button type="button" className="small" onClick={() => forget.mutate(i.issuer)} disabled={forget.isPending} aria-label={`Forget ${i.issuer}`}>
                    Forget
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

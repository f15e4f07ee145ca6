// Problems: every lint rule the session broke, with counts, what the rule
// says, the spec section it rests on, and the frames that broke it — of the
// connection in view by default, of another, or of all of them merged with a
// connection column, for as long as the frames are in the Log.

import { useState } from 'react';
import { useStore } from 'zustand';
import { RULE_IDS, plural, type RuleId } from '../../../protocol/index.js';
import { useApp } from '../../app-context.js';
import { LoadFailure } from '../../components/LazyView.js';
import { useConnectionInView, useVersionInView } from '../../hooks.js';
import type { RuleCount } from '../../lint/lint-runner.js';
import { connectionHeading } from '../../stores/connection-labels.js';
import { connectionsToOffer, shownConnection, type ConnectionChoice } from '../log/connection-filter.js';
import { ConnectionFilter } from '../log/ConnectionFilter.js';
import { RuleTable, isAuthRule, isModelRule, isProviderRule, type RuleRowData } from './RuleTable.js';
import './problems.css';

const total = (counts: readonly RuleCount[], severity?: string) =>
  counts.filter((c) => severity === undefined || c.severity === severity).reduce((n, c) => n + c.count, 0);

function summary(counts: readonly RuleCount[]): string {
  const n = total(counts);
  return `${plural(n, 'finding')}: ${total(counts, 'error')} error(s), ${total(counts, 'warning')} warning(s), ${total(counts, 'info')} info`;
}

/** The frames' rules in one table, the OAuth flow's apart under Authorization, the Evals tab's apart under Models. */
function RuleTables({ rows, version, withConnection }: { rows: readonly RuleRowData[]; version: string; withConnection: boolean }) {
  const frameRows = rows.filter((r) => !isAuthRule(r.count.rule) && !isModelRule(r.count.rule));
  const authRows = rows.filter((r) => isAuthRule(r.count.rule));
  const modelRows = rows.filter((r) => isModelRule(r.count.rule));
  return (
    <>
      {(frameRows.length > 0 || (authRows.length === 0 && modelRows.length === 0)) && (
        <RuleTable label="Problems by rule" rows={frameRows} version={version} withConnection={withConnection} />
      )}
      {modelRows.length > 0 && (
        <>
          <h4 className="problems-group">Models</h4>
          <p className="hint">What models made of the server&apos;s tools in an eval run from the Evals tab.</p>
          <RuleTable label="Model findings by rule" rows={modelRows} version={version} withConnection={withConnection} />
        </>
      )}
      {authRows.length > 0 && (
        <>
          <h4 className="problems-group">Authorization</h4>
          <p className="hint">What the OAuth flow found about the server and its authorization server, step by step in the Authorization tab.</p>
          <RuleTable label="Authorization problems by rule" rows={authRows} version={version} withConnection={withConnection} />
        </>
      )}
    </>
  );
}

/** The counts of the MCP rules; the provider rules are counted apart (providerCountsOf). */
const countsOf = (byRule: ReadonlyMap<RuleId, RuleCount> | undefined): RuleCount[] =>
  RULE_IDS.flatMap((r) => (!isProviderRule(r) && byRule?.has(r) ? [byRule.get(r)!] : []));
const providerCountsOf = (byRule: ReadonlyMap<RuleId, RuleCount> | undefined): RuleCount[] =>
  RULE_IDS.flatMap((r) => (isProviderRule(r) && byRule?.has(r) ? [byRule.get(r)!] : []));

/** The tools against the model providers' strict modes, on one connection: warnings, not departures from MCP. */
function ProviderProblems({ connection, version }: { connection: number; version: string }) {
  const { lint } = useApp();
  const byRule = useStore(lint.store, (s) => s.byConnection.get(connection));
  const counts = providerCountsOf(byRule);
  if (counts.length === 0) return null;
  return (
    <section className="problems-connection" aria-label="Model providers' strict modes">
      <h4 className="problems-group">Tools against the model providers' strict modes</h4>
      <p className="hint">
        {summary(counts)}. Valid MCP, but OpenAI's strict function calling, Anthropic's tool definitions and strict tool use, or Gemini's function declarations
        refuse these tools (a schema, a name, a description, or more tools than they take), or a model cannot tell what one is for (a warning); each finding
        names the tool or the list, the place and the fix (the Tools tab shows them per tool).
      </p>
      <RuleTable label="Provider strict-mode findings by rule" rows={counts.map((count) => ({ count, connection }))} version={version} withConnection={false} />
    </section>
  );
}

function ConnectionProblems({ connection, current, version }: { connection: number; current: number | undefined; version: string }) {
  const { connectionLabels, lint } = useApp();
  const byRule = useStore(lint.store, (s) => s.byConnection.get(connection));
  const label = useStore(connectionLabels, (s) => s.labels.get(connection));
  const counts = countsOf(byRule);
  const heading = connectionHeading(connection, label, current);
  return (
    <section className="problems-connection" aria-label={heading}>
      <h3>{heading}</h3>
      <p>{summary(counts)}.</p>
      <RuleTables rows={counts.map((count) => ({ count, connection }))} version={version} withConnection={false} />
    </section>
  );
}

/** Every connection's findings in one table with a connection column, a line of counts per connection above it. */
function AllConnections({ connections, current, version }: { connections: readonly number[]; current: number | undefined; version: string }) {
  const { connectionLabels, lint } = useApp();
  const byConnection = useStore(lint.store, (s) => s.byConnection);
  const labels = useStore(connectionLabels, (s) => s.labels);
  const rank = new Map(RULE_IDS.map((r, i) => [r, i]));
  const rows = connections
    .flatMap((connection) => countsOf(byConnection.get(connection)).map((count) => ({ count, connection })))
    .sort((a, b) => rank.get(a.count.rule)! - rank.get(b.count.rule)! || connections.indexOf(a.connection) - connections.indexOf(b.connection));
  return (
    <section className="problems-connection" aria-label="All connections">
      <h3>All connections</h3>
      <ul className="problems-per-connection" aria-label="Findings per connection">
        {connections.map((c) => (
          <li key={c}>
            {connectionHeading(c, labels.get(c), current)}: {summary(countsOf(byConnection.get(c)))}
          </li>
        ))}
      </ul>
      <RuleTables rows={rows} version={version} withConnection />
    </section>
  );
}

/** The lint engine loads on demand: if it could not, nothing here would be current, so say so first. */
function LintEngineMissing() {
  const { lint } = useApp();
  const loadError = useStore(lint.store, (s) => s.loadError);
  if (loadError === undefined) return null;
  return (
    <LoadFailure
      what="The lint engine"
      error={loadError}
      meanwhile="Frames are not being checked: they wait, and are checked once it loads."
      onRetry={() => lint.retryLoad()}
    />
  );
}

export function ProblemsTab() {
  return (
    <>
      <LintEngineMissing />
      <ProblemsByConnection />
    </>
  );
}

function ProblemsByConnection() {
  const { lint } = useApp();
  const byConnection = useStore(lint.store, (s) => s.byConnection);
  const current = useConnectionInView();
  const version = useVersionInView() ?? '2025-11-25';
  const [choice, setChoice] = useState<ConnectionChoice>('view');
  // The provider rules are not departures from MCP: a connection with only those has no problems.
  const withProblems = [...byConnection.keys()].filter((c) => countsOf(byConnection.get(c)).length > 0);
  const providersOf = current ?? [...byConnection.keys()].at(-1);
  const providers = providersOf !== undefined && <ProviderProblems connection={providersOf} version={version} />;
  if (withProblems.length === 0) {
    return (
      <>
        <p className="hint">
          No problems found. Every frame is checked against the MCP specification of the negotiated version as it crosses the wire; departures show up here and
          as marks in the Log.
        </p>
        {providers}
      </>
    );
  }
  // The current connection first, then the others, newest first.
  const connections = withProblems.sort((a, b) => (a === current ? -1 : b === current ? 1 : b - a));
  const counts = new Map(connections.map((c) => [c, total(countsOf(byConnection.get(c)))]));
  const shown = shownConnection(choice, current);
  const currentCounts = current === undefined || !withProblems.includes(current) ? undefined : countsOf(byConnection.get(current));
  const others = connections.some((c) => c !== current);
  return (
    <div className="problems-tab">
      <p aria-live="polite">
        {currentCounts ? `${summary(currentCounts)} on this connection, checked against protocol ${version}.` : 'No problems found on this connection.'}{' '}
        {others && shown === current && 'Other connections have findings too: choose one, or All connections, in the Connection menu.'}
      </p>
      {(connectionsToOffer(counts, current, choice).length > 1 || choice !== 'view') && (
        <div className="toolbar">
          <ConnectionFilter choice={choice} onChange={setChoice} inView={current} counts={counts} />
        </div>
      )}
      {choice === 'all' || (shown === undefined && connections.length > 1) ? (
        <AllConnections connections={connections} current={current} version={version} />
      ) : (
        withProblems.includes(shown ?? connections[0]!) && <ConnectionProblems connection={shown ?? connections[0]!} current={current} version={version} />
      )}
      {providers}
    </div>
  );
}

// Tasks: the tasks this page asked the server for (2025-11-25 experimental tasks
// and the 2026-07-28 extension, each labelled), polled to their result; the
// server's own list (tasks/list, 2025 only); the tasks mcpscope runs for the server.
import { declaresTasksExtension, formatDuration, plural, isTerminalStatus, systemClock, taskGenerationOf } from '../../../protocol/index.js';
import { GenerationBadge } from './GenerationBadge.js';
import { TaskInputs } from './TaskInputs.js';
import { useConnectionScope, useConnection } from '../../hooks.js';
import { TaskResult } from './TaskResult.js';
import { taskTime, taskTtl } from './task-format.js';
import type { TrackedTask } from './tasks-store.js';
import { useTasks } from './use-tasks.js';
import './tasks.css';

function Status({ status }: { status: string }) {
  return <span className={`task-status task-status-${status}`}>{status}</span>;
}

function TrackedTaskView({ tracked, live }: { tracked: TrackedTask; live: boolean }) {
  const { tasks } = useConnectionScope();
  const questions = useTasks((s) => s.questions);
  const {
    task,
    polls,
    polling,
    stopped,
    backwards,
    pollError,
    resultPending,
    result,
    cancelling,
    cancelMessage,
    history,
    startedAt,
    inputs,
    cancelAcknowledged,
  } = tracked.state;
  const modern = tracked.generation === 'modern';
  const ended = history.some((h) => isTerminalStatus(h.status));
  const waiting = questions.filter((q) => q.taskId === task.taskId);
  const interval = task.pollInterval;
  return (
    <article className="task-card" aria-label={`Task ${task.taskId}`}>
      <header className="task-head">
        <code>{task.taskId}</code> <Status status={task.status} /> <GenerationBadge generation={tracked.generation} />{' '}
        <span className="hint">{tracked.origin}</span>
      </header>
      {task.statusMessage && <p className="task-message">{task.statusMessage}</p>}
      <dl className="task-fields">
        <dt>created</dt>
        <dd title={task.createdAt}>{taskTime(task.createdAt)}</dd>
        <dt>last updated</dt>
        <dd title={task.lastUpdatedAt}>{taskTime(task.lastUpdatedAt)}</dd>
        <dt>ttl</dt>
        <dd>{taskTtl(task.ttl)}</dd>
        <dt>poll interval</dt>
        <dd>{interval === undefined ? 'not given (mcpscope polls every 1 s)' : formatDuration(interval)}</dd>
        <dt>polling</dt>
        <dd>
          {polling
            ? `${polls} polls over ${formatDuration(systemClock.now() - startedAt)}, until it ends`
            : ended
              ? `ended after ${polls} polls`
              : `stopped after ${polls} polls`}
        </dd>
      </dl>
      {backwards.map((b) => (
        <p key={b} role="alert" className="task-problem">
          {b} ({modern ? 'TASK-EXT-STATUS' : 'TASK-STATUS'} in the Problems tab)
        </p>
      ))}
      {pollError && <p className="task-problem">{pollError}</p>}
      {waiting.map((q, i) => (
        <p key={i} className="task-waiting" role="status">
          Waiting for you: the server asks “{q.message || '(no message)'}” ({q.method}) for this task. Answer it in the dialog.
        </p>
      ))}
      {modern && <TaskInputs inputs={inputs} />}
      {!modern && task.status === 'input_required' && waiting.length === 0 && (
        <p className="hint">The server needs input for this task: mcpscope asked tasks/result, on which the server sends its request.</p>
      )}
      {stopped && (
        <p className="task-stopped" role="status">
          {stopped}
        </p>
      )}
      <div className="task-actions">
        {!ended && live && (
          <button type="button" className="small" disabled={cancelling} onClick={() => tasks.cancel(tracked.connection, task.taskId)}>
            {cancelling ? 'Cancelling…' : 'Cancel task'}
          </button>
        )}
        {!ended && !polling && live && (
          <button type="button" className="small" onClick={() => tasks.pollAgain(tracked.connection, task.taskId)}>
            Poll again
          </button>
        )}
        {cancelMessage && <span className="task-problem">{cancelMessage}</span>}
        {cancelAcknowledged && !ended && (
          <span className="hint" role="status">
            tasks/cancel acknowledged; cancelling is up to the server, and polling goes on to show what it does.
          </span>
        )}
      </div>
      {resultPending && <p className="hint">Waiting for tasks/result…</p>}
      {result && <TaskResult outcome={result} isToolCall={tracked.toolName !== undefined} via={modern ? 'tasks/get' : 'tasks/result'} />}
      <details className="task-history">
        <summary>Status history ({history.length})</summary>
        <ol>
          {history.map((h, i) => (
            <li key={i}>
              <Status status={h.status} /> {h.statusMessage ?? ''} <span className="hint">({h.source})</span>
            </li>
          ))}
        </ol>
      </details>
    </article>
  );
}

function TrackedTasks({ tracked, connection, live }: { tracked: TrackedTask[]; connection: number; live: boolean }) {
  return (
    <section className="task-section" aria-label="Tasks of this page">
      <h3>Tasks this page started</h3>
      {tracked.length === 0 && (
        <p className="hint">
          None yet. Call a tool in the Tools tab: a 2025-11-25 server answers with a task when its execution.taskSupport is "optional" (tick Run as task) or
          "required"; a 2026-07-28 server with the tasks extension may answer any call with a task handle. Either is polled here at its poll interval until it
          ends.
        </p>
      )}
      {tracked.map((t) => (
        <TrackedTaskView key={`${t.connection}:${t.taskId}`} tracked={t} live={live && t.connection === connection} />
      ))}
    </section>
  );
}

function ServerTaskList() {
  const { tasks } = useConnectionScope();
  const session = useConnection((s) => s.session);
  const snapshot = useConnection((s) => s.snapshot);
  const listing = useTasks((s) => s.listing);
  const tracked = useTasks((s) => s.tracked);
  const caps = snapshot?.info?.capabilities;
  const tasksCap = caps?.tasks;
  const canList = typeof tasksCap === 'object' && tasksCap !== null && 'list' in tasksCap;
  const ready = snapshot?.status === 'ready' && session !== undefined;
  const connection = snapshot?.connection ?? 0;
  return (
    <section className="task-section" aria-label="Server tasks">
      <h3>The server's tasks (tasks/list)</h3>
      {!canList && <p className="hint">The server does not declare tasks.list, so mcpscope does not ask for its list.</p>}
      <div className="task-actions">
        <button
          type="button"
          className="small"
          disabled={!ready || !canList || listing?.loading}
          onClick={() => session && void tasks.listPage(session, false)}
        >
          List tasks
        </button>
        {listing?.nextCursor !== undefined && (
          <button type="button" className="small" disabled={listing.loading || !ready} onClick={() => session && void tasks.listPage(session, true)}>
            Load more
          </button>
        )}
        {listing && <span className="hint">{`${plural(listing.tasks.length, 'task')} in ${plural(listing.pages, 'page')}`}</span>}
      </div>
      {listing?.error && <p className="task-problem">{listing.error}</p>}
      {listing && listing.tasks.length > 0 && (
        <table className="task-table">
          <thead>
            <tr>
              <th>task</th>
              <th>status</th>
              <th>message</th>
              <th>created</th>
              <th>updated</th>
              <th>ttl</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {listing.tasks.map((t) => (
              <tr key={t.taskId}>
                <td>
                  <code>{t.taskId}</code>
                </td>
                <td>
                  <Status status={t.status} />
                </td>
                <td>{t.statusMessage ?? ''}</td>
                <td>{taskTime(t.createdAt)}</td>
                <td>{taskTime(t.lastUpdatedAt)}</td>
                <td>{taskTtl(t.ttl)}</td>
                <td>
                  {session && !tracked.some((x) => x.taskId === t.taskId && x.connection === connection) && (
                    <button type="button" className="small" onClick={() => tasks.track(t, session, connection, 'tasks/list')}>
                      Follow
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

function ClientTasks() {
  const clientTasks = useTasks((s) => s.clientTasks);
  return (
    <section className="task-section" aria-label="Client tasks">
      <h3>Tasks mcpscope runs for the server</h3>
      {clientTasks.length === 0 ? (
        <p className="hint">
          None yet. A server that asks for sampling or elicitation with "task" gets a task at once; the request is answered here, and the server polls it.
        </p>
      ) : (
        <ul className="client-tasks">
          {clientTasks.map((t) => (
            <li key={t.task.taskId} aria-label={`Client task ${t.task.taskId}`}>
              <code>{t.task.taskId}</code> <Status status={t.task.status} /> <code>{t.method}</code> <span className="hint">{t.task.statusMessage}</span>{' '}
              <span className="hint">
                created {taskTime(t.task.createdAt)}, ttl {taskTtl(t.task.ttl)}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** A 2026-07-28 connection: tasks are the extension, with no tasks/list and no client-side tasks. */
function ModernTasksNote({ serverName, declared }: { serverName: string; declared: boolean }) {
  return (
    <p className="hint" role="note">
      {declared
        ? `${serverName} declares the tasks extension (io.modelcontextprotocol/tasks): it may answer a tool call with a task handle, whatever the call, and mcpscope follows it here with tasks/get.`
        : `${serverName} does not declare the tasks extension (io.modelcontextprotocol/tasks) in server/discover, so it should not answer with tasks; a task handle it sends anyway is still followed here (and linted).`}{' '}
      The extension has no tasks/list and no tasks/result, and a server no longer runs tasks on mcpscope, so those parts are not offered.
    </p>
  );
}

export function TasksTab() {
  const tracked = useTasks((s) => s.tracked);
  const connection = useConnection((s) => s.snapshot?.connection ?? 0);
  const status = useConnection((s) => s.snapshot?.status);
  const info = useConnection((s) => s.snapshot?.info);
  if (info && taskGenerationOf(info.protocolVersion) === 'modern') {
    return (
      <div className="tasks-tab">
        <ModernTasksNote serverName={info.serverInfo.name} declared={declaresTasksExtension(info.capabilities)} />
        <TrackedTasks tracked={tracked} connection={connection} live={status === 'ready'} />
      </div>
    );
  }
  return (
    <div className="tasks-tab">
      {info && !('tasks' in info.capabilities) && (
        <p className="hint">
          {info.serverInfo.name} does not declare tasks (capabilities.tasks), so its tools are called normally. Tasks it asks mcpscope to run (sampling or
          elicitation with "task") still show below.
        </p>
      )}
      <TrackedTasks tracked={tracked} connection={connection} live={status === 'ready'} />
      <ServerTaskList />
      <ClientTasks />
    </div>
  );
}

// The selected tool: its description, the arguments form, validation before
// sending, and the call controls.

import { useMemo, useState, type KeyboardEvent } from 'react';
import { ownValue, toolTaskSupport, type Tool } from '../../../protocol/index.js';
import { TaskChoice } from './TaskChoice.js';
import { useConnection, useTools } from '../../hooks.js';
import { callBlocked, toolExclusion } from './availability.js';
import { confirmation, confirmationNote } from './confirm-call.js';
import { CallPanel } from './CallPanel.js';
import { RequestExtras } from '../request-extras/RequestExtras.js';
import type { RequestExtras as Extras } from '../request-extras/request-extras.js';
import { checkCall } from './call-check.js';
import { prepareFormSchema } from './form/prepare-schema.js';
import { ToolForm } from './form/ToolForm.js';
import { initialFormData } from './form/validator.js';
import { McpIcon } from '../../components/icons/McpIcon.js';
import { AnnotationBadges } from './ToolBadges.js';
import { ProviderDetails } from './ProviderVerdicts.js';
import { displayTitle } from './tool-list.js';
import type { ToolDraft } from './tools-store.js';

/** The tool's schemas as indented JSON, or why they cannot be shown (JSON.stringify overflows on a 3,000-level schema). */
function showSchemas(tool: Tool): string {
  try {
    return JSON.stringify({ inputSchema: tool.inputSchema, ...(tool.outputSchema ? { outputSchema: tool.outputSchema } : {}) }, null, 2);
  } catch (e) {
    return `The schemas cannot be shown here (${e instanceof Error ? e.message : String(e)}); the tools/list response in the Log tab has them as received.`;
  }
}

/** tools/call has always sent `arguments: {}` for a form with nothing filled in; unticking leaves it out. */
const TOOL_EXTRAS: Extras = { sendEmptyArguments: true, metaText: '' };

/** Single-line fields where Enter means "call": not checkboxes, radios, buttons or pickers. */
const ENTER_CALLS = new Set(['text', 'number', 'email', 'url', 'search', 'tel', 'password', 'date', 'time', 'datetime-local', 'month', 'week']);

/** Enter in a single-line field, or Ctrl/Cmd+Enter anywhere (textareas too), calls the tool. */
function isCallKey(e: KeyboardEvent): boolean {
  if (e.key !== 'Enter' || e.nativeEvent.isComposing || e.altKey || e.shiftKey) return false;
  if (e.ctrlKey || e.metaKey) return true;
  const target = e.target as HTMLElement;
  return target instanceof HTMLInputElement && ENTER_CALLS.has(target.type);
}

export function ToolWorkbench({ tool }: { tool: Tool }) {
  const prepared = useMemo(() => prepareFormSchema(tool.inputSchema), [tool.inputSchema]);
  const schemasText = useMemo(() => showSchemas(tool), [tool]);
  const initial = useMemo<ToolDraft>(
    () => (prepared.jsonOnly ? { formData: {}, json: { text: '{}' } } : { formData: initialFormData(prepared.schema) }),
    [prepared],
  );
  const draft = useTools((s) => ownValue(s.drafts, tool.name)) ?? initial;
  const inFlight = useTools((s) => s.inFlight);
  const noConfirm = useTools((s) => s.noConfirm);
  const snapshot = useConnection((s) => s.snapshot);
  const session = useConnection((s) => s.session);
  const setDraft = useTools((s) => s.setDraft);
  const startCall = useTools((s) => s.startCall);
  const [attempted, setAttempted] = useState(false);
  const [asTask, setAsTask] = useState(false);
  const taskSupport = toolTaskSupport(tool, snapshot?.info?.capabilities);
  const extras = useTools((s) => ownValue(s.extras, tool.name)) ?? TOOL_EXTRAS;
  const setExtras = useTools((s) => s.setExtras);
  const check = checkCall(tool, prepared, draft, extras);
  const blocked = callBlocked(snapshot, session, inFlight) ?? toolExclusion(tool, snapshot);
  const showProblems = attempted && !check.ok;
  const confirmNote = confirmationNote(confirmation(tool, check.request?.arguments, noConfirm));
  const title = displayTitle(tool);

  function call(anyway: boolean): void {
    if (blocked !== undefined) return;
    if (!check.ok && !(anyway && check.canSendAnyway)) {
      setAttempted(true);
      return;
    }
    if (check.request === undefined) return;
    setAttempted(false);
    void startCall({
      tool,
      arguments: check.request.arguments,
      ...(check.request.meta ? { meta: check.request.meta } : {}),
      sentAnyway: !check.ok,
      asTask: taskSupport.mode === 'required' || (taskSupport.mode === 'optional' && asTask),
    });
  }

  return (
    <section
      className="tool-workbench"
      aria-label={`Tool ${tool.name}`}
      onKeyDown={(e) => {
        if (!isCallKey(e)) return;
        e.preventDefault();
        call(false);
      }}
    >
      <header className="tool-header">
        <h3>
          <McpIcon icons={tool.icons} />
          <code>{tool.name}</code>
          {title && <span className="tool-title"> {title}</span>}
        </h3>
        {tool.description && <p className="tool-description-full">{tool.description}</p>}
        <AnnotationBadges tool={tool} />
        <details className="tool-schemas">
          <summary>Schemas</summary>
          <pre className="json">{schemasText}</pre>
        </details>
        <ProviderDetails tool={tool} />
      </header>
      <ToolForm
        toolName={tool.name}
        prepared={prepared}
        draft={draft}
        onDraft={(d) => setDraft(tool.name, d)}
        {...(showProblems && !check.ok ? { errorSchema: check.placed.errorSchema } : {})}
        onSubmit={() => call(false)}
      />
      <RequestExtras extras={extras} onChange={(e) => setExtras(tool.name, e)} method="tools/call" />
      <TaskChoice support={taskSupport} asTask={asTask} onChange={setAsTask} />
      <CallPanel
        {...(blocked !== undefined ? { blocked } : {})}
        {...(showProblems && !check.ok ? { problems: { title: check.title, lines: check.placed.lines, canSendAnyway: check.canSendAnyway } } : {})}
        {...(confirmNote ? { confirmNote } : {})}
        onCall={call}
      />
    </section>
  );
}

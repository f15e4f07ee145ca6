// Import servers from a config file people already have: picked (read in the browser) or pasted,
// read with importConfig in the page, previewed entry by entry with every problem said, the inputs
// asked here (password ones hidden), and the chosen entries saved by the proxy.

import { useId, useMemo, useState } from 'react';
import { CONFIG_HOSTS, HOST_NAME, MAX_CONFIG_CHARS, ownValue, type ConfigHost } from '../../../protocol/index.js';
import { useServerChange } from '../../api/servers-api.js';
import { chosenEntries, importedSentence, inputsToAsk, readConfig } from './import-model.js';
import { ImportPreview } from './ImportPreview.js';
import type { ListMessage } from './ServerList.js';
import { Modal } from './Modal.js';
import { useServersApi } from './use-servers.js';

const isHost = (v: string): v is ConfigHost => (CONFIG_HOSTS as readonly string[]).includes(v);

export function ImportDialog({ onClose, say }: { onClose: () => void; say: (m: ListMessage) => void }) {
  const api = useServersApi();
  const id = useId();
  const [text, setText] = useState('');
  const [fileName, setFileName] = useState<string>();
  const [host, setHost] = useState<ConfigHost>();
  const [fileProblem, setFileProblem] = useState<string>();
  const [unchosen, setUnchosen] = useState<ReadonlySet<string>>(new Set());
  const [answers, setAnswers] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<string[]>([]);
  const read = useMemo(() => (text.trim() === '' ? undefined : readConfig(text, fileName, host)), [text, fileName, host]);
  const chosen = new Set((read?.entries ?? []).map((e) => e.name).filter((n) => !unchosen.has(n)));
  const save = useServerChange(api.import);

  const pick = async (file: File | undefined) => {
    setFileProblem(undefined);
    if (file === undefined) return;
    // A file far larger than any config is refused before it is read into the page.
    if (file.size > MAX_CONFIG_CHARS * 4) {
      setFileProblem(`${file.name} is ${file.size.toLocaleString('en')} bytes, far more than a config file: pick mcp.json, .mcp.json or server.json.`);
      return;
    }
    try {
      setText(await file.text());
      setFileName(file.name);
    } catch {
      setFileProblem(`${file.name} could not be read by the browser: check that it is still there, or paste its text.`);
    }
  };
  const submit = () => {
    if (read === undefined) return;
    const picked = chosenEntries(read, chosen, answers);
    if (!picked.ok) {
      setErrors(picked.errors);
      return;
    }
    setErrors([]);
    save.mutate(picked.entries, {
      onSuccess: ({ added, renamed }) => {
        say({ text: importedSentence(added.length, renamed), error: false });
        onClose();
      },
      onError: (e) => setErrors([e.message]),
    });
  };

  return (
    <Modal title="Import servers" className="import-dialog" onClose={onClose}>
      <p className="hint">From Claude Desktop, Claude Code, Cursor, Windsurf or VS Code (mcp.json, .mcp.json), or an MCP registry server.json.</p>
      <div className="field">
        <label htmlFor={`${id}-file`}>Config file</label>
        <input id={`${id}-file`} type="file" accept=".json,.jsonc,application/json" onChange={(e) => void pick(e.target.files?.[0])} />
        {fileProblem !== undefined && (
          <p className="field-error" role="alert">
            {fileProblem}
          </p>
        )}
      </div>
      <div className="field">
        <label htmlFor={`${id}-text`}>Or paste its text</label>
        <textarea
          id={`${id}-text`}
          className="mono"
          rows={6}
          value={text}
          spellCheck={false}
          onChange={(e) => {
            setText(e.target.value);
            setFileName(undefined);
          }}
        />
      </div>
      <div className="field">
        <label htmlFor={`${id}-host`}>Written for</label>
        <select id={`${id}-host`} value={host ?? ''} onChange={(e) => setHost(isHost(e.target.value) ? e.target.value : undefined)}>
          <option value="">{read?.host !== undefined && host === undefined ? `${HOST_NAME[read.host]} (told from the file)` : 'Tell from the file'}</option>
          {CONFIG_HOSTS.map((h) => (
            <option key={h} value={h}>
              {HOST_NAME[h]}
            </option>
          ))}
        </select>
      </div>
      <p className="hint">
        This page has no environment of its own: a variable such as {'${env:API_KEY}'} is left empty, as the editors do for an unset one (Claude Code refuses
        the server, as it does), and each is named below. Fill the values in the form after importing.
      </p>
      {read !== undefined && (
        <ImportPreview
          read={read}
          chosen={chosen}
          onChoose={(name, on) =>
            setUnchosen((s) => {
              const next = new Set(s);
              if (on) next.delete(name);
              else next.add(name);
              return next;
            })
          }
          inputs={inputsToAsk(read, chosen)}
          answer={(input) => ownValue(answers, input) ?? ''}
          onAnswer={(input, value) => setAnswers((a) => ({ ...a, [input]: value }))}
        />
      )}
      {errors.length > 0 && (
        // The alert wraps the list: on the <ul> itself the role would unmake the list.
        <div role="alert">
          <ul className="form-errors">
            {errors.map((e) => (
              <li key={e}>{e}</li>
            ))}
          </ul>
        </div>
      )}
      <div className="toolbar servers-dialog-buttons">
        <button type="button" className="primary" onClick={submit} disabled={read === undefined || chosen.size === 0 || save.isPending}>
          Import {chosen.size > 0 ? `${chosen.size} server${chosen.size === 1 ? '' : 's'}` : ''}
        </button>
        <button type="button" onClick={onClose}>
          Cancel
        </button>
      </div>
    </Modal>
  );
}

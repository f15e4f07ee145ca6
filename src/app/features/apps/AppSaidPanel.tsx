// What an app said to its host: ui/message texts, ui/open-link links (opened
// only when the person clicks one) and the latest ui/update-model-context;
// and what the person answered its permissions.

import { formatClock } from '../../../protocol/index.js';
import type { AppInstance } from './apps-store.js';

/** Only web links are offered to click; anything else is shown as text. */
function isWebLink(url: string): boolean {
  try {
    const { protocol } = new URL(url);
    return protocol === 'https:' || protocol === 'http:';
  } catch {
    return false;
  }
}

export function AppSaidPanel({ instance }: { instance: AppInstance }) {
  const { said, modelContext, permissions } = instance;
  return (
    <section className="app-said" aria-label={`What app ${instance.app} said`}>
      <h5>What the app said</h5>
      {permissions !== undefined && <p>Permissions: {permissions}</p>}
      {said.length === 0 && modelContext === undefined && <p className="hint">Nothing yet: messages, links and model context the app sends appear here.</p>}
      {said.length > 0 && (
        <ul>
          {said.map((s, i) => (
            <li key={i}>
              <span className="hint">{formatClock(s.at)}</span>{' '}
              {s.kind === 'message' ? (
                <>
                  Message: <q>{s.text}</q>
                </>
              ) : isWebLink(s.url) ? (
                <>
                  Asked to open{' '}
                  <a href={s.url} target="_blank" rel="noopener noreferrer">
                    {s.url}
                  </a>
                </>
              ) : (
                <>
                  Asked to open <code>{s.url}</code>, which is not a web address: not offered as a link.
                </>
              )}
            </li>
          ))}
        </ul>
      )}
      {modelContext !== undefined && (
        <>
          <p>Model context (the latest the app sent):</p>
          <pre className="json">{JSON.stringify(modelContext, null, 2)}</pre>
        </>
      )}
    </section>
  );
}

// The `contents` of a resources/read result: every item, in order.

import { ContentsItemView } from './ContentsItemView.js';
import { isNotAnObject, parseReadResult } from './read-result.js';

export function ResourceContentsView({ result }: { result: unknown }) {
  const parsed = parseReadResult(result);
  if (!parsed.ok) return <p className="warning">{parsed.error} Open the raw result below to see what came back.</p>;
  const { contents } = parsed;
  if (contents.length === 0) return <p className="hint">The server returned no contents for this URI.</p>;
  return (
    <div className="contents-list">
      {contents.length > 1 && <p className="hint">{contents.length} contents items</p>}
      {contents.map((item, i) =>
        isNotAnObject(item) ? (
          <div key={i} className="contents-item">
            <p className="warning">Item {i + 1} of "contents" is not an object:</p>
            <pre className="json">{JSON.stringify(item.notAnObject)}</pre>
          </div>
        ) : (
          <ContentsItemView key={i} item={item} label={`Contents ${i + 1} of ${contents.length}`} />
        ),
      )}
    </div>
  );
}

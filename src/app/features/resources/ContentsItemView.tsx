// One resource contents item (of resources/read, or an embedded resource):
// its URI and type, then the view its mime type calls for.

import { useMemo } from 'react';
import { formatBytes } from '../../../protocol/index.js';
import { ContentAnnotations } from '../../components/content/ContentAnnotations.js';
import { LargePre } from '../../components/content/ShowAll.js';
import { AudioPlayer, DownloadLink, ImagePreview } from './BlobViews.js';
import { contentsNotes, contentsView, type ContentsLike, type ContentsView } from './contents-view.js';

function ViewBody({ view, uri }: { view: ContentsView; uri: string }) {
  switch (view.kind) {
    case 'json':
      return <LargePre className="json contents-text" label={`JSON of ${uri}`} text={view.pretty} />;
    case 'json-invalid':
      return (
        <>
          <p className="warning">Declared as JSON, but it does not parse ({view.error}); shown as it came.</p>
          <LargePre className="contents-text" label={`Text of ${uri}`} text={view.text} />
        </>
      );
    case 'text':
      return (
        <>
          {view.format === 'markdown' && <p className="hint">Markdown, shown as text.</p>}
          {view.note && <p className="hint">{view.note}</p>}
          {view.text === '' ? (
            <pre className="contents-text" aria-label={`Text of ${uri}`}>
              <span className="hint">(empty text)</span>
            </pre>
          ) : (
            <LargePre className="contents-text" label={`Text of ${uri}`} text={view.text} />
          )}
        </>
      );
    case 'image':
      return <ImagePreview {...view} alt={`Image ${view.fileName} (${view.mimeType}, ${formatBytes(view.bytes.length, { exact: true })})`} />;
    case 'audio':
      return <AudioPlayer {...view} label={`Audio ${view.fileName}`} />;
    case 'download':
      return <DownloadLink {...view} />;
    case 'invalid':
      return <p className="warning">{view.error}</p>;
  }
}

export function ContentsItemView({ item, label }: { item: ContentsLike; label: string }) {
  const view = useMemo(() => contentsView(item), [item]);
  const notes = useMemo(() => contentsNotes(item), [item]);
  const uri = typeof item.uri === 'string' ? item.uri : '(no uri)';
  return (
    <article className="contents-item" aria-label={label}>
      <header className="contents-item-head">
        <span className="mono">{uri}</span>
        {typeof item.mimeType === 'string' && <span className="chip">{item.mimeType}</span>}
        <span className="hint">{typeof item.text === 'string' ? 'text' : typeof item.blob === 'string' ? 'blob' : ''}</span>
      </header>
      <ContentAnnotations annotations={item.annotations} of={uri} />
      {notes.map((n) => (
        <p key={n} className="warning">
          {n}
        </p>
      ))}
      <ViewBody view={view} uri={uri} />
      {view.kind === 'invalid' && <pre className="json">{JSON.stringify(item, null, 2)}</pre>}
    </article>
  );
}

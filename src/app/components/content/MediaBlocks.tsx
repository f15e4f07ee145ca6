// Image and audio content blocks, played from data: URLs after checking the
// media type and the base64, with a clear message when either is wrong.

import { useState } from 'react';
import { base64ByteLength, formatBytes } from '../../../protocol/index.js';
import { base64Problem, dataUrl, mediaType } from './content.js';

export function BlockProblem({ children }: { children: string }) {
  return (
    <p className="content-problem" role="note">
      {children}
    </p>
  );
}

function checked(kind: 'image' | 'audio', mimeType: unknown, data: unknown): { url: string; mime: string; size: number } | string {
  const mime = mediaType(mimeType, kind);
  if (!mime) return `Cannot show this ${kind}: mimeType ${JSON.stringify(mimeType)} is not an ${kind}/… type.`;
  const problem = base64Problem(data);
  if (problem) return `Cannot show this ${kind}: ${problem}.`;
  return { url: dataUrl(mime, data as string), mime, size: base64ByteLength(data as string) };
}

export function ImageBlock({ mimeType, data, label }: { mimeType: unknown; data: unknown; label: string }) {
  const [failed, setFailed] = useState(false);
  const media = checked('image', mimeType, data);
  if (typeof media === 'string') return <BlockProblem>{media}</BlockProblem>;
  return (
    <figure className="media-block">
      {failed ? (
        <BlockProblem>{`The browser could not decode this ${media.mime} image (${formatBytes(media.size, { exact: true })}); the data may be corrupt.`}</BlockProblem>
      ) : (
        <img src={media.url} alt={`${label} (${media.mime}, ${formatBytes(media.size, { exact: true })})`} onError={() => setFailed(true)} />
      )}
      <figcaption className="hint">
        {media.mime} · {formatBytes(media.size, { exact: true })}
      </figcaption>
    </figure>
  );
}

export function AudioBlock({ mimeType, data, label }: { mimeType: unknown; data: unknown; label: string }) {
  const [failed, setFailed] = useState(false);
  const media = checked('audio', mimeType, data);
  if (typeof media === 'string') return <BlockProblem>{media}</BlockProblem>;
  return (
    <figure className="media-block">
      <audio controls src={media.url} aria-label={`${label} (${media.mime}, ${formatBytes(media.size, { exact: true })})`} onError={() => setFailed(true)} />
      {failed && <BlockProblem>{`The browser cannot play this ${media.mime} audio; the data may be corrupt or the format unsupported.`}</BlockProblem>}
      <figcaption className="hint">
        {media.mime} · {formatBytes(media.size, { exact: true })}
      </figcaption>
    </figure>
  );
}

// Bytes from a base64 blob, shown the way a browser can: an image, an audio
// player, or a download link with the right file name, type and size.
// Previews use data: URLs (the proxy's Content-Security-Policy allows data:
// images and media); downloads use an object URL.

import { useEffect, useState } from 'react';
import { formatBytes } from '../../../protocol/index.js';
import { dataUrl } from '../../components/content/blob.js';

export interface BlobProps {
  bytes: Uint8Array<ArrayBuffer>;
  mimeType: string;
  fileName: string;
}

export interface PreviewProps extends BlobProps {
  base64: string;
}

/** An object URL for the bytes, revoked when they change or the view goes. */
function useObjectUrl(bytes: Uint8Array<ArrayBuffer>, mimeType: string): string | undefined {
  const [url, setUrl] = useState<string>();
  useEffect(() => {
    // Always a plain download: a server-chosen type such as text/html or image/svg+xml,
    // opened from this origin, would run the server's script next to the proxy's token.
    const next = URL.createObjectURL(new Blob([bytes], { type: 'application/octet-stream' }));
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [bytes, mimeType]);
  return url;
}

export function DownloadLink({ bytes, mimeType, fileName }: BlobProps) {
  const url = useObjectUrl(bytes, mimeType);
  return (
    <p className="blob-download">
      {url ? (
        <a href={url} download={fileName} type={mimeType}>
          Download {fileName}
        </a>
      ) : (
        <span>Preparing {fileName}…</span>
      )}{' '}
      <span className="hint">
        {mimeType} · {formatBytes(bytes.length, { exact: true })}
      </span>
    </p>
  );
}

/** Whether the browser failed to decode the current source; resets when the source changes. */
function useBroken(src: string | undefined): [boolean, () => void] {
  const [brokenSrc, setBrokenSrc] = useState<string>();
  return [src === undefined || brokenSrc === src, () => setBrokenSrc(src)];
}

export function ImagePreview(props: PreviewProps & { alt: string }) {
  const src = dataUrl(props.mimeType, props.base64);
  const [broken, onError] = useBroken(src);
  return (
    <div className="blob-image">
      {broken ? (
        <p className="warning">
          The browser could not display these {formatBytes(props.bytes.length, { exact: true })} as {props.mimeType}; download them to look closer.
        </p>
      ) : (
        <img src={src} alt={props.alt} onError={onError} />
      )}
      <DownloadLink bytes={props.bytes} mimeType={props.mimeType} fileName={props.fileName} />
    </div>
  );
}

export function AudioPlayer(props: PreviewProps & { label: string }) {
  const src = dataUrl(props.mimeType, props.base64);
  const [broken, onError] = useBroken(src);
  return (
    <div className="blob-audio">
      {broken ? (
        <p className="warning">The browser cannot play {props.mimeType}; download the file to listen to it.</p>
      ) : (
        <audio controls src={src} aria-label={props.label} onError={onError} />
      )}
      <DownloadLink bytes={props.bytes} mimeType={props.mimeType} fileName={props.fileName} />
    </div>
  );
}

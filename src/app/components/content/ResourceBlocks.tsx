// resource_link blocks (open the resource in the Resources tab) and embedded
// resources (text shown; a blob previewed when it is an image, else offered
// as a download with its size).

import { base64ByteLength, formatBytes, isRecord } from '../../../protocol/index.js';
import { useApp } from '../../app-context.js';
import { base64Problem, dataUrl, downloadName, mediaType } from './content.js';
import { BlockProblem, ImageBlock } from './MediaBlocks.js';
import { TextBlock } from './TextBlock.js';

const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

export function ResourceLinkBlock({ block, onOpenResource }: { block: Record<string, unknown>; onOpenResource?: (uri: string) => void }) {
  const { navigationStore } = useApp();
  const uri = str(block.uri);
  if (uri === undefined) return <BlockProblem>This resource_link has no "uri" string, so it cannot be opened.</BlockProblem>;
  const name = str(block.title) ?? str(block.name);
  const open = onOpenResource ?? ((u: string) => navigationStore.getState().openResource(u));
  return (
    <div className="resource-link">
      <div>
        {name && <strong>{name} </strong>}
        <code>{uri}</code>
        {str(block.mimeType) && <span className="hint"> · {str(block.mimeType)}</span>}
        {typeof block.size === 'number' && <span className="hint"> · {formatBytes(block.size, { exact: true })}</span>}
      </div>
      {str(block.description) && <p className="hint">{str(block.description)}</p>}
      <button type="button" className="small" onClick={() => open(uri)} aria-label={`Open ${uri} in the Resources tab`}>
        Open in Resources
      </button>
    </div>
  );
}

function BlobDownload({ uri, mimeType, blob }: { uri: unknown; mimeType: string | undefined; blob: string }) {
  const mime = mimeType && /^[\w.+-]+\/[\w.+-]+$/.test(mimeType) ? mimeType : 'application/octet-stream';
  const name = downloadName(uri);
  const size = formatBytes(base64ByteLength(blob), { exact: true });
  return (
    <a className="download-link" href={dataUrl(mime, blob)} download={name}>
      Download {name} ({size}, {mime})
    </a>
  );
}

export function EmbeddedResourceBlock({ block }: { block: Record<string, unknown> }) {
  const resource = block.resource;
  if (!isRecord(resource)) return <BlockProblem>This embedded resource has no "resource" object.</BlockProblem>;
  const uri = str(resource.uri);
  const mimeType = str(resource.mimeType);
  const header = (
    <div className="hint">
      <code>{uri ?? '(no uri)'}</code>
      {mimeType && ` · ${mimeType}`}
    </div>
  );
  if (typeof resource.text === 'string') {
    return (
      <div className="embedded-resource">
        {header}
        <TextBlock text={resource.text} />
      </div>
    );
  }
  if (typeof resource.blob === 'string') {
    const problem = base64Problem(resource.blob);
    return (
      <div className="embedded-resource">
        {header}
        {problem ? (
          <BlockProblem>{`Cannot offer this blob: ${problem}.`}</BlockProblem>
        ) : (
          <>
            {mediaType(mimeType, 'image') && <ImageBlock mimeType={mimeType} data={resource.blob} label={`Embedded image ${uri ?? ''}`.trim()} />}
            <BlobDownload uri={uri} mimeType={mimeType} blob={resource.blob} />
          </>
        )}
      </div>
    );
  }
  return (
    <div className="embedded-resource">
      {header}
      <BlockProblem>This embedded resource has neither "text" nor "blob".</BlockProblem>
    </div>
  );
}

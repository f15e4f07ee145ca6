// A list of MCP content blocks (tool results, prompt messages), each shown by
// its type; a type this client does not know is shown raw, never dropped.

import { isRecord } from '../../../protocol/index.js';
import { ErrorBoundary } from '../ErrorBoundary.js';
import { ContentAnnotations } from './ContentAnnotations.js';
import { AudioBlock, BlockProblem, ImageBlock } from './MediaBlocks.js';
import { EmbeddedResourceBlock, ResourceLinkBlock } from './ResourceBlocks.js';
import { TextBlock } from './TextBlock.js';

/** Pretty JSON, or — for a value too deep or odd to stringify — a sentence saying so. */
function safeJson(value: unknown): string {
  try {
    return JSON.stringify(value, null, 2) ?? String(value);
  } catch (e) {
    return `(cannot be shown as JSON: ${e instanceof Error ? e.message : String(e)})`;
  }
}

interface BlockProps {
  block: unknown;
  label: string;
  onOpenResource?: (uri: string) => void;
}

function RawBlock({ block, note }: { block: unknown; note?: string }) {
  return (
    <>
      {note && <BlockProblem>{note}</BlockProblem>}
      <pre className="json">{safeJson(block)}</pre>
    </>
  );
}

function BlockBody({ block, label, onOpenResource }: BlockProps) {
  if (!isRecord(block) || typeof block.type !== 'string') return <RawBlock block={block} note='Not a content block: it has no "type".' />;
  switch (block.type) {
    case 'text':
      return typeof block.text === 'string' ? <TextBlock text={block.text} /> : <RawBlock block={block} note='This text block has no "text" string.' />;
    case 'image':
      return <ImageBlock mimeType={block.mimeType} data={block.data} label={label} />;
    case 'audio':
      return <AudioBlock mimeType={block.mimeType} data={block.data} label={label} />;
    case 'resource_link':
      return <ResourceLinkBlock block={block} {...(onOpenResource ? { onOpenResource } : {})} />;
    case 'resource':
      return <EmbeddedResourceBlock block={block} />;
    default:
      return <RawBlock block={block} note={`A content type mcpscope does not know ("${block.type}"), shown as received.`} />;
  }
}

/** One content block: its annotations (audience, priority, lastModified) as badges, then the block by its type. */
export function ContentBlockView(props: BlockProps) {
  return (
    <>
      {isRecord(props.block) && <ContentAnnotations annotations={props.block.annotations} of={props.label} />}
      <BlockBody {...props} />
    </>
  );
}

export function ContentBlocks({ blocks, onOpenResource }: { blocks: readonly unknown[]; onOpenResource?: (uri: string) => void }) {
  if (blocks.length === 0) return <p className="hint">No content blocks (an empty "content" array).</p>;
  return (
    <ol className="content-blocks">
      {blocks.map((block, i) => {
        const type = isRecord(block) && typeof block.type === 'string' ? block.type : 'unknown';
        const label = `Content ${i + 1} of ${blocks.length}: ${type}`;
        return (
          <li key={i} className={`content-block content-${type.replace(/[^\w-]/g, '')}`} aria-label={label}>
            <div className="content-type">{type}</div>
            <ErrorBoundary what="This content block">
              <ContentBlockView block={block} label={label} {...(onOpenResource ? { onOpenResource } : {})} />
            </ErrorBoundary>
          </li>
        );
      })}
    </ol>
  );
}

// structuredContent as a JSON tree, checked against the tool's outputSchema.
import { JsonTree } from '../../components/content/JsonTree.js';
import type { Tool } from '../../../protocol/index.js';
import { checkStructuredContent } from './output-check.js';

function NotChecked({ lines }: { lines?: string[] }) {
  if (!lines || lines.length === 0) return null;
  return (
    <ul className="check-problems" aria-label="Not checked in outputSchema">
      {lines.map((line) => (
        <li key={line}>{line}</li>
      ))}
    </ul>
  );
}

function Verdict({ tool, result }: { tool: Tool; result: Record<string, unknown> }) {
  const check = checkStructuredContent(tool, result);
  switch (check.kind) {
    case 'no-schema':
      return <p className="hint">The tool declares no outputSchema, so structuredContent is not checked.</p>;
    case 'missing':
      return (
        <p className={`check-note${check.isError ? '' : ' warn'}`}>
          The tool declares an outputSchema, but this result has no structuredContent
          {check.isError ? ' (allowed for a tool error).' : ': servers must return structured results that conform to it.'}
        </p>
      );
    case 'match':
      return (
        <div>
          <p className="check-badge pass">
            <span aria-hidden="true">✓ </span>Matches outputSchema{check.notChecked ? ' (except what was not checked, below)' : ''}
          </p>
          <NotChecked lines={check.notChecked} />
        </div>
      );
    case 'schema-error':
      return <p className="check-note warn">The outputSchema cannot be used to check the result: {check.message}</p>;
    case 'mismatch':
      return (
        <div>
          <p className="check-badge fail">
            <span aria-hidden="true">✗ </span>Does not match outputSchema
          </p>
          <ul className="check-problems" aria-label="outputSchema problems">
            {check.problems.map((p) => (
              <li key={p}>{p}</li>
            ))}
          </ul>
          <NotChecked lines={check.notChecked} />
        </div>
      );
  }
}

export function StructuredContentCheck({ tool, result }: { tool: Tool; result: Record<string, unknown> }) {
  const has = result.structuredContent !== undefined;
  if (!has && tool.outputSchema === undefined) return null;
  return (
    <section className="structured-content" aria-label="structuredContent">
      <h5>structuredContent</h5>
      <Verdict tool={tool} result={result} />
      {has && <JsonTree value={result.structuredContent} label="structuredContent tree" />}
    </section>
  );
}

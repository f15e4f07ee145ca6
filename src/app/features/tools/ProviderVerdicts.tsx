// A tool against the model providers' strict modes: a compact line per tool in
// the list, and in the workbench each failure with its place, rule, page and fix.
// Verdicts are words and marks (✓, ✗ 2), the colour only repeats them.

import { PROVIDER_NAMES, PROVIDER_RULES, PROVIDERS, plural, providerVerdicts, verdictLine, type ProviderVerdicts, type Tool } from '../../../protocol/index.js';
import { useMemo } from 'react';

const useVerdicts = (tool: Tool): ProviderVerdicts => useMemo(() => providerVerdicts(tool), [tool]);

export function ProviderVerdictLine({ tool }: { tool: Tool }) {
  const verdicts = useVerdicts(tool);
  return (
    <span className="provider-verdicts" title="The tool's schemas against the providers' strict modes (details beside the form)">
      {PROVIDERS.map((p) => (
        <span key={p} className={verdicts[p].length === 0 ? 'provider-passes' : 'provider-fails'}>
          {PROVIDER_NAMES[p]} {verdicts[p].length === 0 ? '✓' : `✗ ${verdicts[p].length}`}
        </span>
      ))}
    </span>
  );
}

export function ProviderDetails({ tool }: { tool: Tool }) {
  const verdicts = useVerdicts(tool);
  return (
    <details className="provider-details">
      <summary>Provider strict modes: {verdictLine(verdicts)}</summary>
      {PROVIDERS.map((p) => (
        <section key={p} aria-label={`${PROVIDER_NAMES[p]} strict mode`}>
          <h4>
            {PROVIDER_NAMES[p]}: {verdicts[p].length === 0 ? 'passes' : plural(verdicts[p].length, 'problem')}
          </h4>
          {verdicts[p].length > 0 && (
            <ul className="plain-list">
              {verdicts[p].map((f, i) => (
                <li key={i} className="provider-failure">
                  <code>{f.path}</code> {f.message}.{' '}
                  <a href={PROVIDER_RULES[f.rule].spec.url} target="_blank" rel="noreferrer noopener">
                    {f.rule}
                  </a>
                  {f.rewrite && (
                    <div className="provider-fix">
                      Fix: {f.rewrite.summary}
                      <pre className="json">{JSON.stringify(f.rewrite.patch, null, 2)}</pre>
                    </div>
                  )}
                </li>
              ))}
            </ul>
          )}
        </section>
      ))}
      <p className="hint">
        Gemini's rules are those of a function declaration's <code>parameters</code> (an OpenAPI subset); hosts that send the schema as{' '}
        <code>parametersJsonSchema</code> are not bound by them.
      </p>
    </details>
  );
}

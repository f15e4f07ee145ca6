// A frame as it crossed the wire, beside its pretty-printed form.

import { prettyJson } from './json.js';

export function RawAndPretty({ title, raw }: { title: string; raw: string }) {
  const pretty = prettyJson(raw);
  return (
    <section className="raw-pretty" aria-label={title}>
      <h4>{title}</h4>
      <div className="raw-pretty-columns">
        <figure>
          <figcaption>Raw</figcaption>
          <pre className="json" aria-label={`${title} raw text`}>
            {raw}
          </pre>
        </figure>
        <figure>
          <figcaption>Pretty-printed</figcaption>
          <pre className="json" aria-label={`${title} pretty-printed`}>
            {pretty ?? '(not JSON)'}
          </pre>
        </figure>
      </div>
    </section>
  );
}

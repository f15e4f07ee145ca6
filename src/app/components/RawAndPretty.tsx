// A frame as it crossed the wire, beside its pretty-printed form.

import { useMemo } from 'react';
import { prettyJson } from './json.js';
import { ShowAll, useTextPart } from './content/ShowAll.js';

export function RawAndPretty({ title, raw }: { title: string; raw: string }) {
  const part = useTextPart(raw);
  const whole = part.rest === undefined;
  const pretty = useMemo(() => (whole ? prettyJson(raw) : undefined), [raw, whole]);
  return (
    <section className="raw-pretty" aria-label={title}>
      <h4>{title}</h4>
      <div className="raw-pretty-columns">
        <figure>
          <figcaption>Raw</figcaption>
          <pre className="json" aria-label={`${title} raw text`}>
            {part.shown}
          </pre>
        </figure>
        <figure>
          <figcaption>Pretty-printed</figcaption>
          <pre className="json" aria-label={`${title} pretty-printed`}>
            {pretty === undefined ? '(pretty-printed once all of it is shown)' : (pretty ?? '(not JSON)')}
          </pre>
        </figure>
      </div>
      <ShowAll rest={part.rest} onShowAll={part.showAll} />
    </section>
  );
}

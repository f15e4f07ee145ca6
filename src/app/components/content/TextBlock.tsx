// A text content block: monospace, pretty-printed when the text is JSON; a
// large text shows its first part until the person asks for all of it.

import { useMemo, useState } from 'react';
import { prettyJsonText } from './content.js';
import { ShowAll, useTextPart } from './ShowAll.js';

export function TextBlock({ text }: { text: string }) {
  const part = useTextPart(text);
  const whole = part.rest === undefined;
  // Only a text shown whole is parsed: parsing megabytes is what the first part avoids.
  const pretty = useMemo(() => (whole ? prettyJsonText(text) : undefined), [text, whole]);
  const [asWritten, setAsWritten] = useState(false);
  return (
    <div className="text-block">
      {pretty !== undefined && (
        <label className="hint text-block-toggle">
          <input type="checkbox" checked={asWritten} onChange={(e) => setAsWritten(e.target.checked)} /> show the text as written (it is JSON, pretty-printed
          here)
        </label>
      )}
      <pre className="content-text">{pretty !== undefined && !asWritten ? pretty : part.shown}</pre>
      <ShowAll rest={part.rest} onShowAll={part.showAll} />
    </div>
  );
}

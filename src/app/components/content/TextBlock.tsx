// A text content block: monospace, pretty-printed when the text is JSON.

import { useState } from 'react';
import { prettyJsonText } from './content.js';

export function TextBlock({ text }: { text: string }) {
  const pretty = prettyJsonText(text);
  const [asWritten, setAsWritten] = useState(false);
  return (
    <div className="text-block">
      {pretty !== undefined && (
        <label className="hint text-block-toggle">
          <input type="checkbox" checked={asWritten} onChange={(e) => setAsWritten(e.target.checked)} /> show the text as written (it is JSON, pretty-printed
          here)
        </label>
      )}
      <pre className="content-text">{pretty !== undefined && !asWritten ? pretty : text}</pre>
    </div>
  );
}

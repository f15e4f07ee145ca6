// A failed request in sentences, with the JSON-RPC code, message and data.

import type { RequestProblem } from './request-problem.js';
import './resources.css';

export function RequestProblemView({ problem, prefix }: { problem: RequestProblem; prefix?: string }) {
  return (
    <div role="alert" className="request-problem">
      <p className="request-problem-title">
        {prefix}
        {problem.title}
      </p>
      <p>{problem.detail}</p>
      {problem.code !== undefined && (
        <dl className="request-problem-fields">
          <dt>Code</dt>
          <dd className="mono">{problem.code}</dd>
          <dt>Message</dt>
          <dd>{problem.message}</dd>
        </dl>
      )}
      {problem.data !== undefined && (
        <figure>
          <figcaption>Error data</figcaption>
          <pre className="json" aria-label="Error data">
            {problem.data}
          </pre>
        </figure>
      )}
    </div>
  );
}

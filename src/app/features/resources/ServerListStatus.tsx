// Loading, failure and "not available" states of a server list (resources/list, …).

import type { ServerList } from '../../server-data/queries.js';

export function ServerListStatus<T>({ list, noun }: { list: ServerList<T>; noun: string }) {
  const { unavailable, query, failure, items } = list;
  if (unavailable !== undefined) return <p className="hint">{unavailable}</p>;
  if (query.isPending) {
    return (
      <p className="hint" role="status">
        Loading {noun}…
      </p>
    );
  }
  const retry = (
    <button type="button" className="small" onClick={() => void query.refetch()}>
      Retry
    </button>
  );
  if (failure === undefined) return null;
  return (
    <div role="alert" className="request-problem">
      <p className="request-problem-title">{items.length > 0 ? `Only part of the ${noun} arrived` : `Could not list ${noun}`}</p>
      <p>
        {failure.message} {items.length > 0 && `The ${items.length} that arrived before that are listed below. `}The Log tab has every frame.
      </p>
      {retry}
    </div>
  );
}

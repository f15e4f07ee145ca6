// Where a server's question (elicitation/create) is shown: the first one waiting,
// in a modal dialog whose code (and its schema validation) loads when a server
// first asks, not with the page; and the URL elicitations the person opened.
import { useStore } from 'zustand';
import { useConnectionScope } from '../../hooks.js';
import { lazyView } from '../../components/LazyView.js';

const ElicitationDialog = lazyView("the server's question", () => import('./ElicitationDialog.js').then((m) => m.ElicitationDialog));
const OpenedUrlElicitations = lazyView('the opened URL elicitations', () => import('./OpenedUrlElicitations.js').then((m) => m.OpenedUrlElicitations));

export function ElicitationHost() {
  const { elicitations } = useConnectionScope();
  const first = useStore(elicitations.store, (s) => s.queue[0]);
  const anyOpened = useStore(elicitations.store, (s) => [...s.urls.values()].some((u) => u.fromRequest && u.opened));
  return (
    <>
      {first && <ElicitationDialog key={first.n} item={first} />}
      {anyOpened && <OpenedUrlElicitations />}
    </>
  );
}

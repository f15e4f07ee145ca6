// Where a server's question (elicitation/create) is shown: the first one waiting,
// in a modal dialog whose code (and its schema validation) loads when a server
// first asks, not with the page.
import { useStore } from 'zustand';
import { useApp } from '../../app-context.js';
import { lazyView } from '../../components/LazyView.js';

const ElicitationDialog = lazyView("the server's question", () => import('./ElicitationDialog.js').then((m) => m.ElicitationDialog));

export function ElicitationHost() {
  const { elicitations } = useApp();
  const first = useStore(elicitations, (s) => s.queue[0]);
  return first ? <ElicitationDialog key={first.n} item={first} /> : null;
}

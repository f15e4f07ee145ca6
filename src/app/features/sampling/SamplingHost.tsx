// The sampling switch in the page header: how many requests wait and whether the
// canned reply is on, always in sight. It opens the sampling dock, whose code
// loads when it first opens (a server's request opens it), not with the page.
import { useStore } from 'zustand';
import { useConnectionScope } from '../../hooks.js';
import { lazyView } from '../../components/LazyView.js';
import './sampling-host.css';

const SamplingDock = lazyView('the sampling panel', () => import('./SamplingDock.js').then((m) => m.SamplingDock));

export function SamplingHost() {
  const { sampling } = useConnectionScope();
  const waiting = useStore(sampling.store, (s) => s.queue.length);
  const cannedOn = useStore(sampling.store, (s) => s.canned.on);
  const open = useStore(sampling.store, (s) => s.open);
  return (
    <>
      <button
        type="button"
        className={`sampling-pill${waiting ? ' waiting' : ''}${cannedOn ? ' canned' : ''}`}
        aria-expanded={open}
        onClick={() => sampling.setOpen(!open)}
      >
        Sampling{waiting ? `: ${waiting} waiting` : ''}
        {cannedOn && <span className="sampling-canned-flag">canned reply ON</span>}
      </button>
      {open && <SamplingDock />}
    </>
  );
}

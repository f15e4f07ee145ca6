// The Connect form's link to the server list: a server chosen in the list replaces the form's
// fields (once the form has started from the launch configuration), the form's values are
// mirrored for Add and Save, and the form store learns which saved server it holds (its edits are
// kept against it, and Connect opens it by reference).

import { useEffect, useRef } from 'react';
import { useConnectionScope } from '../../hooks.js';
import { useConnectForm, useConnectFormStore } from '../connect/connect-form-context.js';
import { useServerSelection } from './use-servers.js';

export function useFormLink(): void {
  const { servers } = useConnectionScope();
  const formStore = useConnectFormStore();
  const started = useConnectForm((s) => s.form !== undefined);
  const load = useServerSelection((s) => s.load);
  const selected = useServerSelection((s) => s.selected);
  const base = useServerSelection((s) => s.base);
  const taken = useRef(0);
  useEffect(() => {
    if (!started || load === undefined || load.seq === taken.current) return;
    taken.current = load.seq;
    formStore.getState().replace(load.form, load.typeAgain);
  }, [started, load, formStore]);
  useEffect(() => {
    formStore.getState().setSavedServer(selected !== undefined && base !== undefined ? { id: selected, base } : undefined);
  }, [selected, base, formStore]);
  useEffect(() => {
    servers.getState().formChanged(formStore.getState().form);
    return formStore.subscribe((s) => servers.getState().formChanged(s.form));
  }, [formStore, servers]);
}

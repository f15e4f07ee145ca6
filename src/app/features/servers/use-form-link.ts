// The Connect form's link to the server list: a server chosen in the list replaces the form's
// fields, the form's edits are mirrored for Add and Save and kept (as drafts) against the selected
// server, and Connect opens the selected server by reference.

import { useEffect, useRef } from 'react';
import type { TransportConfig } from '../../../protocol/index.js';
import { useApp } from '../../app-context.js';
import type { ConnectRequest } from '../../connection/controller.js';
import type { ConnectForm } from '../connect/form-model.js';
import { useServerSelection } from './use-servers.js';

interface Link {
  form: ConnectForm;
  /** Called with a chosen server's fields; `edited` says they are unsaved edits (kept as such). */
  replace: (form: ConnectForm, edited: boolean, typeAgain: string[]) => void;
  /** Whether the person edited the form since it was filled (read when needed: a load resets it). */
  edited: () => boolean;
  prefill: TransportConfig | undefined;
}

export function useFormLink({ form, replace, edited, prefill }: Link) {
  const { servers, formDrafts } = useApp();
  const load = useServerSelection((s) => s.load);
  const selected = useServerSelection((s) => s.selected);
  const base = useServerSelection((s) => s.base);
  const taken = useRef(0);
  useEffect(() => {
    if (load === undefined || load.seq === taken.current) return;
    taken.current = load.seq;
    replace(load.form, load.edited, load.typeAgain);
  }, [load, replace]);
  useEffect(() => servers.getState().formChanged(form), [form, servers]);
  // Edits of a saved server are kept against it as saved; else against the launch prefill.
  const savedBase = selected !== undefined ? base : undefined;
  useEffect(() => {
    if (!edited()) return;
    if (savedBase !== undefined && selected !== undefined) formDrafts.save(savedBase, form, selected);
    else if (selected === undefined) formDrafts.save(prefill, form);
  }, [form, edited, prefill, savedBase, selected, formDrafts]);
  /** The request, opening the selected server by reference (the proxy puts its kept secrets in). */
  return (request: ConnectRequest): ConnectRequest => (selected !== undefined ? { ...request, savedServer: selected } : request);
}

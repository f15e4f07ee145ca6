// Suggestions for one field: the completion/complete of what was typed, sent
// once typing pauses, for the current connection, when the server offers
// completions. Only the answer to exactly what is in the field is returned:
// an answer to an earlier value (the person typed on) is never shown.

import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { CompletionAnswer, CompletionAsk, InitializeInfo } from '../../../protocol/index.js';
import { useConnectionScope, useConnection } from '../../hooks.js';
import { completionQuery } from './completion-query.js';

/** Typing pauses this long before completion/complete is sent. */
export const COMPLETION_DEBOUNCE_MS = 200;

export interface Suggestions {
  /** Whether the server offers completions on this connection. */
  available: boolean;
  /** Asked (or about to be) and not answered yet. */
  pending: boolean;
  answer?: CompletionAnswer;
  /** Why there are no suggestions, when the request failed. */
  error?: string;
}

/** Servers declare `completions` from 2025-03-26; 2024-11-05 had no capability for it, so any server may answer. */
export function offersCompletions(info: InitializeInfo | undefined): boolean {
  if (!info) return false;
  return Object.hasOwn(info.capabilities, 'completions') || info.protocolVersion === '2024-11-05';
}

/** `wanted`: the field's list is open, so asking is worth it. */
export function useCompletion(ask: CompletionAsk, wanted: boolean): Suggestions {
  const { readDeps } = useConnectionScope();
  const connection = useConnection((s) => (s.snapshot?.status === 'ready' ? s.snapshot.connection : undefined));
  const info = useConnection((s) => (s.snapshot?.status === 'ready' ? s.snapshot.info : undefined));
  const available = connection !== undefined && offersCompletions(info);
  const key = JSON.stringify(ask);
  const [settled, setSettled] = useState(key);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(key), COMPLETION_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [key]);
  const current = settled === key;
  const query = useQuery({
    ...completionQuery(readDeps, connection ?? 0, info?.protocolVersion ?? '', JSON.parse(settled) as CompletionAsk),
    enabled: available && wanted && current,
  });
  if (!available || !wanted) return { available, pending: false };
  if (!current || query.isPending) return { available, pending: true };
  if (query.isError) return { available, pending: false, error: query.error.message };
  return { available, pending: query.isFetching, answer: query.data };
}

// Mounted once: routes the current session's notifications to the query cache.
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { controller } from '../app-state.js';
import { invalidateOnListChanged } from './list-keys.js';

export function SessionEvents(): null {
  const queryClient = useQueryClient();
  useEffect(() => controller.onSessionEvent((e, connection) => invalidateOnListChanged(queryClient, e, connection)), [queryClient]);
  return null;
}

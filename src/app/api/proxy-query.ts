// TanStack Query over the proxy's API: a list read once (a refusal with a status is not retried: the proxy said
// why), and a change after which the list is read again, whatever the answer.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ProxyApiError } from './proxy-call.js';

export function useProxyQuery<T>(queryKey: readonly unknown[], queryFn: () => Promise<T>) {
  return useQuery({ queryKey, queryFn, retry: (failures, error) => !(error instanceof ProxyApiError && error.status > 0) && failures < 2 });
}

export function useProxyChange<A, R>(queryKey: readonly unknown[], run: (args: A) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: run, onSettled: () => queryClient.invalidateQueries({ queryKey }) });
}

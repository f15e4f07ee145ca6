// GET /api/config: the server the proxy was started for, to prefill the form.

import { useQuery } from '@tanstack/react-query';
import { isVersionChoice, parseTransportConfig, type LaunchConfig } from '../../protocol/index.js';

export class LaunchConfigError extends Error {
  constructor(
    message: string,
    readonly unauthorized: boolean,
  ) {
    super(message);
  }
}

export async function fetchLaunchConfig(token: string, fetchFn: typeof fetch = fetch): Promise<LaunchConfig> {
  let response: Response;
  try {
    response = await fetchFn('/api/config', { headers: { Authorization: `Bearer ${token}` } });
  } catch {
    throw new LaunchConfigError('Could not reach the mcpscope proxy to read its configuration. Is it still running?', false);
  }
  if (response.status === 401 || response.status === 403) {
    throw new LaunchConfigError("The proxy did not accept this page's token: it is wrong or stale. Restart mcpscope and open the new URL it prints.", true);
  }
  if (!response.ok) {
    throw new LaunchConfigError(`The proxy answered /api/config with HTTP ${response.status}.`, false);
  }
  return parseLaunchConfig(await response.json());
}

/** Guard against a proxy of another version: the prefill must be a transport config we understand. */
export function parseLaunchConfig(body: unknown): LaunchConfig {
  const record = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  const prefill = parseTransportConfig(record.prefill);
  if (!prefill.ok) {
    throw new LaunchConfigError(`The proxy's /api/config is not in a form this page understands: ${prefill.error}.`, false);
  }
  const config: LaunchConfig = { version: typeof record.version === 'string' ? record.version : 'unknown', prefill: prefill.value };
  // A choice this page does not know (a newer proxy's) is left out: the saved or default choice stands.
  if (isVersionChoice(record.protocolChoice)) config.protocolChoice = record.protocolChoice;
  if (typeof record.savedServer === 'string') config.savedServer = record.savedServer;
  if (typeof record.sandboxUrl === 'string') config.sandboxUrl = record.sandboxUrl;
  return config;
}

export function useLaunchConfig(token: string) {
  return useQuery({
    queryKey: ['launch-config', token],
    queryFn: () => fetchLaunchConfig(token),
    retry: (failures, error) => !(error instanceof LaunchConfigError && error.unauthorized) && failures < 2,
    staleTime: Infinity,
  });
}

// The host context an app is given (ui/initialize's answer, and every change
// as ui/notifications/host-context-changed): the person's settings in the Apps
// tab, the workspace's theme unless overridden, and the instance's mode.

import type { McpUiHostContext } from '@modelcontextprotocol/ext-apps/app-bridge';
import type { Theme } from '../../theme/theme-store.js';
import { DISPLAY_MODES, viewportOf, type AppInstance, type HostSettings } from './apps-store.js';

export function hostContextOf(settings: HostSettings, workspaceTheme: Theme, instance: Pick<AppInstance, 'tool' | 'displayMode'>): McpUiHostContext {
  const { width, height } = viewportOf(settings);
  const touch = settings.platform === 'mobile';
  return {
    toolInfo: { tool: instance.tool as NonNullable<McpUiHostContext['toolInfo']>['tool'] },
    theme: settings.theme === 'workspace' ? workspaceTheme : settings.theme,
    displayMode: instance.displayMode,
    availableDisplayModes: [...DISPLAY_MODES],
    containerDimensions: { width, maxHeight: height },
    locale: settings.locale,
    timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    userAgent: 'mcpscope',
    platform: settings.platform,
    deviceCapabilities: { touch, hover: !touch },
  };
}

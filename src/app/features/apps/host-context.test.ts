import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from './apps-store.js';
import { hostContextOf } from './host-context.js';

const tool = { name: 'show-map', inputSchema: { type: 'object' as const } };

describe('hostContextOf', () => {
  it("follows the workspace's theme unless the person overrides it, and sizes the app by the viewport preset", () => {
    const inline = { tool, displayMode: 'inline' as const };
    expect(hostContextOf(DEFAULT_SETTINGS, 'dark', inline)).toMatchObject({
      theme: 'dark',
      displayMode: 'inline',
      availableDisplayModes: ['inline', 'fullscreen', 'pip'],
      containerDimensions: { width: 1280, maxHeight: 800 },
      toolInfo: { tool },
    });
    const phone = hostContextOf({ ...DEFAULT_SETTINGS, theme: 'light', viewport: 'phone', platform: 'mobile', locale: 'de-DE' }, 'dark', inline);
    expect(phone).toMatchObject({ theme: 'light', containerDimensions: { width: 375, maxHeight: 667 }, platform: 'mobile', locale: 'de-DE' });
    expect(phone.deviceCapabilities).toEqual({ touch: true, hover: false });
    const custom = hostContextOf({ ...DEFAULT_SETTINGS, viewport: 'custom', custom: { width: 500, height: 300 } }, 'light', { tool, displayMode: 'pip' });
    expect(custom).toMatchObject({ containerDimensions: { width: 500, maxHeight: 300 }, displayMode: 'pip' });
  });
});

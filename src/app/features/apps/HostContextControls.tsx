// The host context the person gives the apps: theme (the workspace's unless
// overridden), viewport preset or a custom size, locale, display mode and
// platform. A change reaches every open app at once (host-context-changed).

import { useId, useState } from 'react';
import type { McpUiDisplayMode } from '@modelcontextprotocol/ext-apps/app-bridge';
import { useTheme } from '../../hooks.js';
import { DISPLAY_MODES, VIEWPORTS, type AppThemeChoice, type Platform, type ViewportChoice } from './apps-store.js';
import { useApps } from './use-apps.js';

const THEMES: ReadonlyArray<[AppThemeChoice, string]> = [
  ['workspace', 'As the workspace'],
  ['light', 'Light'],
  ['dark', 'Dark'],
];
const PLATFORMS: readonly Platform[] = ['web', 'desktop', 'mobile'];
const MODE_WORDS: Record<McpUiDisplayMode, string> = { inline: 'Inline', fullscreen: 'Fullscreen', pip: 'Picture in picture' };

/** The bounds of a custom viewport's side, in CSS pixels. */
export const CUSTOM_SIDE = { min: 100, max: 4000 } as const;

/** A whole number of pixels within CUSTOM_SIDE, or undefined. */
function pixels(text: string): number | undefined {
  const n = Number(text);
  return text.trim() !== '' && Number.isInteger(n) && n >= CUSTOM_SIDE.min && n <= CUSTOM_SIDE.max ? n : undefined;
}

/** A custom viewport's side: taken once it is a whole number of pixels within CUSTOM_SIDE; until then the apps keep the last one, and the field says why. */
function SizeField({ label, value, onChange }: { label: string; value: number; onChange: (pixels: number) => void }) {
  const id = useId();
  const [wrong, setWrong] = useState<string>();
  return (
    <span className="host-context-side">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="number"
        min={CUSTOM_SIDE.min}
        max={CUSTOM_SIDE.max}
        step={1}
        defaultValue={value}
        aria-invalid={wrong !== undefined}
        aria-describedby={wrong !== undefined ? `${id}-wrong` : undefined}
        onChange={(e) => {
          const n = pixels(e.target.value);
          if (n === undefined) {
            setWrong(
              `${label} must be a whole number of pixels from ${CUSTOM_SIDE.min} to ${CUSTOM_SIDE.max}, not "${e.target.value}"; the apps keep ${value} px until it is.`,
            );
            return;
          }
          setWrong(undefined);
          onChange(n);
        }}
      />
      {wrong !== undefined && (
        <span id={`${id}-wrong`} className="tone-bad host-context-wrong" role="alert">
          {wrong}
        </span>
      )}
    </span>
  );
}

export function HostContextControls() {
  const settings = useApps((s) => s.settings);
  const setSettings = useApps((s) => s.setSettings);
  const askBefore = useApps((s) => s.askBeforeToolCall);
  const setAskBefore = useApps((s) => s.setAskBeforeToolCall);
  const workspaceTheme = useTheme((s) => s.theme);
  const id = useId();
  return (
    <fieldset className="host-context">
      <legend>Host context</legend>
      <label htmlFor={`${id}-theme`}>Theme</label>
      <select id={`${id}-theme`} value={settings.theme} onChange={(e) => setSettings({ theme: e.target.value as AppThemeChoice })}>
        {THEMES.map(([value, words]) => (
          <option key={value} value={value}>
            {value === 'workspace' ? `${words} (${workspaceTheme})` : words}
          </option>
        ))}
      </select>
      <label htmlFor={`${id}-viewport`}>Viewport</label>
      <select id={`${id}-viewport`} value={settings.viewport} onChange={(e) => setSettings({ viewport: e.target.value as ViewportChoice })}>
        {Object.entries(VIEWPORTS).map(([name, size]) => (
          <option key={name} value={name}>
            {name[0]!.toUpperCase() + name.slice(1)} {size.width}×{size.height}
          </option>
        ))}
        <option value="custom">Custom</option>
      </select>
      {settings.viewport === 'custom' && (
        <span className="host-context-size">
          <SizeField label="Width" value={settings.custom.width} onChange={(width) => setSettings({ custom: { ...settings.custom, width } })} />
          <SizeField label="Height" value={settings.custom.height} onChange={(height) => setSettings({ custom: { ...settings.custom, height } })} />
        </span>
      )}
      <label htmlFor={`${id}-locale`}>Locale</label>
      <input
        id={`${id}-locale`}
        className="host-context-locale"
        defaultValue={settings.locale}
        onChange={(e) => {
          const locale = e.target.value.trim();
          if (locale !== '' && Intl.DateTimeFormat.supportedLocalesOf([locale]).length > 0) setSettings({ locale });
        }}
      />
      <label htmlFor={`${id}-mode`}>Display mode</label>
      <select id={`${id}-mode`} value={settings.displayMode} onChange={(e) => setSettings({ displayMode: e.target.value as McpUiDisplayMode })}>
        {DISPLAY_MODES.map((mode) => (
          <option key={mode} value={mode}>
            {MODE_WORDS[mode]}
          </option>
        ))}
      </select>
      <label htmlFor={`${id}-platform`}>Platform</label>
      <select id={`${id}-platform`} value={settings.platform} onChange={(e) => setSettings({ platform: e.target.value as Platform })}>
        {PLATFORMS.map((p) => (
          <option key={p} value={p}>
            {p}
          </option>
        ))}
      </select>
      <label className="host-context-ask">
        <input type="checkbox" checked={askBefore} onChange={(e) => setAskBefore(e.target.checked)} />
        Ask before the app calls a tool
      </label>
    </fieldset>
  );
}

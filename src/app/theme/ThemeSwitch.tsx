import { useApp, useTheme } from '../hooks.js';
import { THEME_CHOICES, type ThemeChoice } from './theme-store.js';

const LABELS: Record<ThemeChoice, string> = { system: 'System', light: 'Light', dark: 'Dark' };

/** The page header's theme switch: System follows the OS setting; Light and Dark are kept. */
export function ThemeSwitch() {
  const { theme } = useApp();
  const choice = useTheme((s) => s.choice);
  return (
    <label className="theme-switch">
      Theme
      <select value={choice} onChange={(e) => theme.getState().setChoice(e.target.value as ThemeChoice)}>
        {THEME_CHOICES.map((c) => (
          <option key={c} value={c}>
            {LABELS[c]}
          </option>
        ))}
      </select>
    </label>
  );
}

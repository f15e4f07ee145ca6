// WAI-ARIA tabs: a tablist with roving focus (arrow keys, Home, End; a tab is
// selected as it gets focus) and one tabpanel per tab. Hidden panels stay
// mounted so their state survives switching; a deferred panel is mounted only
// once it is first selected, so its code can load on demand. Whether a panel
// is shown is in context (usePanelShown), for what a panel does when shown again.

import { ownValue } from '../../protocol/index.js';
import { createContext, useContext, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';

export interface TabDefinition {
  id: string;
  label: string;
  panel: ReactNode;
  /** Mount the panel when the tab is first selected rather than with the page. */
  deferred?: boolean;
}

export interface TabsProps {
  tabs: TabDefinition[];
  label: string;
  /** Controlled selection (e.g. from the navigation store); uncontrolled when absent. */
  selected?: string;
  onSelect?: (id: string) => void;
}

// Outside any tab panel, content is shown.
const PanelShown = createContext(true);

/** Whether the tab panel this is rendered in (and every panel around it) is the selected one. */
export function usePanelShown(): boolean {
  return useContext(PanelShown);
}

/** Content kept mounted while out of view (another connection's panel): hidden as far as usePanelShown is concerned. */
export function ShownWhen({ shown, children }: { shown: boolean; children: ReactNode }) {
  return <PanelShown.Provider value={usePanelShown() && shown}>{children}</PanelShown.Provider>;
}

export function Tabs({ tabs, label, selected: controlled, onSelect }: TabsProps) {
  const [own, setOwn] = useState(tabs[0]?.id ?? '');
  const selected = controlled ?? own;
  // Panels shown once stay mounted: recorded as they render (idempotent, so safe in render).
  const mounted = useRef(new Set<string>()).current;
  mounted.add(selected);
  const setSelected = (id: string) => {
    setOwn(id);
    onSelect?.(id);
  };
  const outerShown = usePanelShown();
  const baseId = useId();
  const buttons = useRef(new Map<string, HTMLButtonElement>());

  function select(index: number): void {
    const tab = tabs[(index + tabs.length) % tabs.length];
    if (!tab) return;
    setSelected(tab.id);
    buttons.current.get(tab.id)?.focus();
  }

  function onKeyDown(event: KeyboardEvent<HTMLButtonElement>, index: number): void {
    const moves: Record<string, number> = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: tabs.length - 1 };
    const target = ownValue(moves, event.key);
    if (target === undefined) return;
    event.preventDefault();
    select(target);
  }

  return (
    <div className="tabs">
      <div role="tablist" aria-label={label} className="tablist">
        {tabs.map((tab, index) => {
          const isSelected = tab.id === selected;
          return (
            <button
              key={tab.id}
              ref={(el) => {
                if (el) buttons.current.set(tab.id, el);
                else buttons.current.delete(tab.id);
              }}
              type="button"
              role="tab"
              id={`${baseId}-tab-${tab.id}`}
              aria-selected={isSelected}
              aria-controls={`${baseId}-panel-${tab.id}`}
              tabIndex={isSelected ? 0 : -1}
              className="tab"
              onClick={() => setSelected(tab.id)}
              onKeyDown={(e) => onKeyDown(e, index)}
            >
              {tab.label}
            </button>
          );
        })}
      </div>
      {tabs.map((tab) => (
        <div
          key={tab.id}
          role="tabpanel"
          id={`${baseId}-panel-${tab.id}`}
          aria-labelledby={`${baseId}-tab-${tab.id}`}
          hidden={tab.id !== selected}
          tabIndex={0}
          className="tabpanel"
        >
          <PanelShown.Provider value={outerShown && tab.id === selected}>{!tab.deferred || mounted.has(tab.id) ? tab.panel : null}</PanelShown.Provider>
        </div>
      ))}
    </div>
  );
}

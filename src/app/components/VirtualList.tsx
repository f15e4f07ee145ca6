// A list whose items are rendered only while near the visible window, so a
// server listing 50,000 tools opens as fast as one listing 5. Items may have
// any height: each is measured once rendered. The <ul> keeps its name and each
// <li> says its place (aria-posinset of aria-setsize), as a full list would.

import { measureElement, useVirtualizer, type Virtualizer } from '@tanstack/react-virtual';
import { useEffect, useRef, type ReactNode } from 'react';

interface Props<T> {
  items: readonly T[];
  /** The list's accessible name. */
  label: string;
  /** Class of the scrolling box; its max-height bounds the window of rendered items. */
  className: string;
  listClassName?: string;
  /** A typical item's height in pixels, before it is measured. */
  estimateSize: number;
  itemKey: (item: T, index: number) => string;
  renderItem: (item: T, index: number) => ReactNode;
  /** Brought into view whenever it changes (a selection made elsewhere, or on opening); -1 for none. */
  revealIndex?: number;
}

/** Rows rendered beyond each edge of the window: enough that Tab reaches the next item before it scrolls in. */
const OVERSCAN = 20;

/** An item's height; while its tab is hidden it measures 0, and the height it had is kept. */
function measureShown(element: HTMLLIElement, entry: ResizeObserverEntry | undefined, instance: Virtualizer<HTMLDivElement, HTMLLIElement>): number {
  const size = measureElement(element, entry, instance);
  return size > 0 ? size : (instance.measurementsCache[instance.indexFromElement(element)]?.size ?? size);
}

export function VirtualList<T>({ items, label, className, listClassName, estimateSize, itemKey, renderItem, revealIndex = -1 }: Props<T>) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: items.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => estimateSize,
    getItemKey: (index) => itemKey(items[index]!, index),
    overscan: OVERSCAN,
    measureElement: measureShown,
  });
  useEffect(() => {
    if (revealIndex >= 0 && revealIndex < items.length) virtualizer.scrollToIndex(revealIndex, { align: 'auto' });
    // Only a new index is revealed; a longer or filtered list alone does not move the view.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [revealIndex]);
  return (
    <div className={className} ref={scrollRef}>
      <ul aria-label={label} className={listClassName} style={{ position: 'relative', height: virtualizer.getTotalSize(), margin: 0 }}>
        {virtualizer.getVirtualItems().map((row) => (
          <li
            key={row.key}
            data-index={row.index}
            ref={virtualizer.measureElement}
            aria-setsize={items.length}
            aria-posinset={row.index + 1}
            style={{ position: 'absolute', top: 0, left: 0, right: 0, transform: `translateY(${row.start}px)` }}
          >
            {renderItem(items[row.index]!, row.index)}
          </li>
        ))}
      </ul>
    </div>
  );
}

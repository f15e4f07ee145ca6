import { describe, expect, it } from 'vitest';
import { createSidebarStore } from './sidebar-store.js';

function memoryStorage() {
  const items = new Map<string, string>();
  return { items, getItem: (k: string) => items.get(k) ?? null, setItem: (k: string, v: string) => void items.set(k, v) };
}

describe('the sidebar of server settings', () => {
  it('starts expanded beside the tabs, with the narrow page’s drawer closed', () => {
    const sidebar = createSidebarStore(memoryStorage()).getState();
    expect(sidebar.expanded).toBe(true);
    expect(sidebar.drawerOpen).toBe(false);
  });

  it('keeps collapsed across a reload (a new store on the same storage), and expanded again', () => {
    const storage = memoryStorage();
    createSidebarStore(storage).getState().toggleExpanded();
    const reloaded = createSidebarStore(storage);
    expect(reloaded.getState().expanded).toBe(false);
    reloaded.getState().toggleExpanded();
    expect(createSidebarStore(storage).getState().expanded).toBe(true);
  });

  it('the drawer is not kept: a reload starts it closed', () => {
    const storage = memoryStorage();
    createSidebarStore(storage).getState().toggleDrawer();
    expect(createSidebarStore(storage).getState().drawerOpen).toBe(false);
  });

  it('reveal opens the settings both ways, and keeps them expanded', () => {
    const storage = memoryStorage();
    const sidebar = createSidebarStore(storage);
    sidebar.getState().toggleExpanded();
    sidebar.getState().reveal();
    expect(sidebar.getState()).toMatchObject({ expanded: true, drawerOpen: true });
    expect(createSidebarStore(storage).getState().expanded).toBe(true);
  });

  it('a storage that throws: the settings start expanded and the choice lasts for the page view', () => {
    const broken = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('full');
      },
    };
    const sidebar = createSidebarStore(broken);
    expect(sidebar.getState().expanded).toBe(true);
    sidebar.getState().toggleExpanded();
    expect(sidebar.getState().expanded).toBe(false);
  });
});

import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Tabs, type TabsProps } from './Tabs.js';

const tabs: TabsProps['tabs'] = [
  { id: 'ping', label: 'Ping', panel: createElement('p', null, 'ping body') },
  { id: 'tools', label: 'Tools', panel: createElement('p', null, 'tools body'), deferred: true },
];
const render = (props: Partial<TabsProps>) => renderToString(createElement(Tabs, { tabs, label: 'Inspector', ...props }));

describe('Tabs: deferred panels', () => {
  it('leaves a deferred panel empty until its tab is selected, keeping its tab and tabpanel', () => {
    const html = render({ selected: 'ping' });
    expect(html).toContain('ping body');
    expect(html).not.toContain('tools body');
    expect(html.match(/role="tab"/g)).toHaveLength(2);
    expect(html.match(/role="tabpanel"/g)).toHaveLength(2);
  });

  it('mounts a deferred panel once its tab is selected', () => {
    expect(render({ selected: 'tools' })).toContain('tools body');
  });
});

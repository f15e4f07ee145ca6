import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Tabs, usePanelShown, type TabsProps } from './Tabs.js';

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

describe('Tabs: usePanelShown', () => {
  /** Says whether its panel is shown. */
  const Probe = ({ name }: { name: string }) => createElement('i', null, `${name}:${usePanelShown() ? 'shown' : 'hidden'}`);

  it('is true only in the selected panel, and in a nested panel only when its outer panel is selected too', () => {
    const inner = (outer: string) =>
      createElement(Tabs, {
        label: 'Inner',
        selected: 'a',
        tabs: [
          { id: 'a', label: 'A', panel: createElement(Probe, { name: `${outer}/a` }) },
          { id: 'b', label: 'B', panel: createElement(Probe, { name: `${outer}/b` }) },
        ],
      });
    const html = renderToString(
      createElement(Tabs, {
        label: 'Outer',
        selected: 'one',
        tabs: [
          { id: 'one', label: 'One', panel: inner('one') },
          { id: 'two', label: 'Two', panel: inner('two') },
        ],
      }),
    );
    expect(html.match(/(one|two)\/[ab]:\w+/g)).toEqual(['one/a:shown', 'one/b:hidden', 'two/a:hidden', 'two/b:hidden']);
    expect(renderToString(createElement(Probe, { name: 'outside' }))).toContain('outside:shown');
  });
});

import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ProblemList } from './ProblemList.js';

describe('ProblemList', () => {
  it('lists each problem in an alert', () => {
    const html = renderToString(createElement(ProblemList, { problems: ['model: required', 'text: empty'] }));
    expect(html).toBe('<ul role="alert" class="field-error"><li>model: required</li><li>text: empty</li></ul>');
  });

  it('renders nothing when there is no problem', () => {
    expect(renderToString(createElement(ProblemList, { problems: [] }))).toBe('');
  });
});

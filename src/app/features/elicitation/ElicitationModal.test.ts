import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { PendingUrlElicitation } from './elicitation.js';
import { DeclineAndCancel, ElicitationModal } from './ElicitationModal.js';

const item: PendingUrlElicitation = {
  mode: 'url',
  n: 1,
  message: 'Sign in <now>',
  url: 'https://example.com',
  elicitationId: 'e1',
  problems: [],
  answer: () => undefined,
};

describe('ElicitationModal', () => {
  it('is a modal dialog named by its title, with the server message as text, then its content', () => {
    const html = renderToString(
      createElement(ElicitationModal, { item, title: 'The server asks', initialFocus: 'button', children: createElement('p', null, 'body') }),
    );
    expect(html).toMatch(
      /^<div class="elicitation-backdrop"><div role="dialog" aria-modal="true" aria-labelledby="([^"]+)" class="elicitation-dialog"><h3 id="\1">The server asks<\/h3>/,
    );
    expect(html).toContain('<p class="elicitation-message">Sign in &lt;now&gt;</p><p>body</p>');
  });
});

describe('DeclineAndCancel', () => {
  it('marks Decline as the first focus only when asked', () => {
    expect(renderToString(createElement(DeclineAndCancel, { item, initial: true }))).toBe(
      '<button type="button" data-initial="true">Decline</button><button type="button">Cancel</button>',
    );
    expect(renderToString(createElement(DeclineAndCancel, { item }))).toBe('<button type="button">Decline</button><button type="button">Cancel</button>');
  });
});

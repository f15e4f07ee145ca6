import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { AppProvider } from '../../app-context.js';
import { createTestApp } from '../../test-app.js';
import { AuthorizationFields } from './AuthorizationFields.js';
import { newHeaderRow } from './form-model.js';

function render(headers = [newHeaderRow()], patch = {}) {
  const { app } = createTestApp();
  app.authSettings.getState().set(patch);
  const store = app.authSettings as { getInitialState: () => unknown; getState: () => unknown };
  store.getInitialState = store.getState;
  return renderToString(createElement(AppProvider, { app, children: createElement(AuthorizationFields, { headers, disabled: false }) }));
}

describe('the Authorization section of the HTTP form', () => {
  it('offers Quick (chosen by default), Guided and Off, and the client registration folded away', () => {
    const html = render();
    expect(html).toMatch(/<label class="selected"><input type="radio" name="[^"]+" checked="" value="quick"\/>Quick<\/label>/);
    expect(html).toContain('value="guided"');
    expect(html).toContain('value="off"');
    expect(html).toContain('<details class="client-registration"><summary>Client registration</summary>');
  });

  it('shows the client secret as a password field that says it is never saved', () => {
    const html = render();
    expect(html).toMatch(/<input id="[^"]+-secret" type="password"/);
    expect(html).toContain('never saved in the browser');
  });

  it('says OAuth is off while an Authorization header is typed', () => {
    expect(render([newHeaderRow('Authorization', 'Bearer abc')])).toContain('An Authorization header is set above: mcpscope’s OAuth is off while it is there');
    expect(render([newHeaderRow('Authorization', '')])).not.toContain('An Authorization header is set above');
    // Off needs no note, and no registration.
    const off = render([newHeaderRow('Authorization', 'Bearer abc')], { mode: 'off' });
    expect(off).not.toContain('An Authorization header is set above');
    expect(off).not.toContain('Client registration');
  });
});

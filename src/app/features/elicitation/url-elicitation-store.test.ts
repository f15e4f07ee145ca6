import { describe, expect, it } from 'vitest';
import { createElicitationStore } from './elicitation.js';

const ask = { mode: 'url', message: 'Connect your account', url: 'https://auth.example.com/connect', elicitationId: 'u1' };

describe('URL elicitations in the elicitation store', () => {
  it('queues a URL-mode request with its URL and id, and follows it until the server says it is complete', async () => {
    const elicitations = createElicitationStore();
    const answer = elicitations.request(ask);
    const [item] = elicitations.store.getState().queue;
    expect(item).toMatchObject({ mode: 'url', message: 'Connect your account', url: 'https://auth.example.com/connect', elicitationId: 'u1', problems: [] });
    expect(elicitations.store.getState().urls.get('u1')).toMatchObject({ opened: false, completed: false, fromRequest: true });
    elicitations.opened('u1');
    item!.answer({ result: { action: 'accept' } });
    expect(await answer).toEqual({ result: { action: 'accept' } });
    expect(elicitations.store.getState().queue).toEqual([]);
    expect(elicitations.complete({ elicitationId: 'u1' })).toBe(true);
    expect(elicitations.store.getState().urls.get('u1')).toMatchObject({ opened: true, completed: true });
  });

  it('ignores completions of ids it never saw, and of no id at all', () => {
    const elicitations = createElicitationStore();
    expect(elicitations.complete({ elicitationId: 'ghost' })).toBe(false);
    expect(elicitations.complete({})).toBe(false);
    expect(elicitations.store.getState().urls.size).toBe(0);
  });

  it('follows the elicitations of a -32042 error, and forgets all of them on a new connection', () => {
    const elicitations = createElicitationStore();
    elicitations.track([{ elicitationId: 'r1', url: 'https://a.example/', message: 'm' }]);
    expect(elicitations.complete({ elicitationId: 'r1' })).toBe(true);
    expect(elicitations.store.getState().urls.get('r1')).toMatchObject({ completed: true, fromRequest: false });
    elicitations.reset();
    expect(elicitations.store.getState().urls.size).toBe(0);
  });

  it('says what is wrong with a malformed URL request, and still asks the person', () => {
    const elicitations = createElicitationStore();
    void elicitations.request({ mode: 'url', message: 'm', url: 'nope' });
    expect(elicitations.store.getState().queue[0]).toMatchObject({
      mode: 'url',
      problems: ['elicitationId (a non-empty string) is missing', 'url "nope" is not a valid absolute URL'],
    });
    // Without an id there is nothing a completion could name.
    expect(elicitations.store.getState().urls.size).toBe(0);
  });

  it('an id named "__proto__" is an ordinary id', () => {
    const elicitations = createElicitationStore();
    void elicitations.request(JSON.parse('{"mode":"url","message":"m","url":"https://a.example/","elicitationId":"__proto__"}'));
    expect(elicitations.complete(JSON.parse('{"elicitationId":"__proto__"}'))).toBe(true);
    expect(elicitations.complete({ elicitationId: 'constructor' })).toBe(false);
  });
});

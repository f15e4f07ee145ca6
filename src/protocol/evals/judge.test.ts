import { describe, expect, it } from 'vitest';
import type { ModelContent } from '../models/contract.js';
import type { EvalChoice } from './format.js';
import { judgeReply } from './judge.js';

const weatherSchema = { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] };
const schemas = new Map<string, unknown>([
  ['get_weather', weatherSchema],
  ['get_forecast', weatherSchema],
]);
const call = (name: string, input: unknown): ModelContent[] => [
  { type: 'text', text: 'Let me check.' },
  { type: 'tool_use', id: 't1', name, input },
];
const words = (text: string): ModelContent[] => [{ type: 'text', text }];
const weather: EvalChoice = { kind: 'tool', tools: ['get_weather'], arguments: { match: { city: 'Paris' } } };

describe('judgeReply', () => {
  it.each<[string, EvalChoice, ModelContent[], boolean, string | undefined]>([
    ['the right tool and arguments', weather, call('get_weather', { city: 'Paris' }), true, undefined],
    ['any of several tools', { kind: 'tool', tools: ['get_forecast', 'get_weather'] }, call('get_weather', { city: 'Oslo' }), true, undefined],
    ['words where words were wanted', { kind: 'none' }, words('Hello to you too.'), true, undefined],
    [
      'no tool at all',
      weather,
      words('It is probably sunny in Paris.'),
      false,
      'called no tool; it answered "It is probably sunny in Paris.", where it should have called get_weather.',
    ],
    ['another tool', weather, call('get_forecast', { city: 'Paris' }), false, 'called get_forecast {"city":"Paris"}, not get_weather.'],
    ['a tool it was not offered', weather, call('delete_everything', {}), false, 'called delete_everything, a tool it was not offered.'],
    [
      'a tool where words were wanted',
      { kind: 'none' },
      call('get_weather', { city: 'Paris' }),
      false,
      'called get_weather {"city":"Paris"}, where it should have answered in words.',
    ],
    ['arguments that are not an object', weather, call('get_weather', 'Paris'), false, 'called get_weather with "Paris", not an object of arguments.'],
    [
      'arguments its own schema refuses',
      weather,
      call('get_weather', { town: 'Paris' }),
      false,
      'called get_weather with arguments its inputSchema refuses: (root): missing required property "city".',
    ],
    [
      'arguments the eval does not match',
      weather,
      call('get_weather', { city: 'Lyon' }),
      false,
      'called get_weather {"city":"Lyon"}, but arguments.match: city: expected "Paris", got "Lyon".',
    ],
  ])('%s', (_, choice, content, pass, reason) => {
    const j = judgeReply(choice, content, schemas);
    expect(j.pass).toBe(pass);
    expect(j.reason).toBe(reason);
  });

  it('judges the first tool call of a reply that makes several', () => {
    const content: ModelContent[] = [...call('get_forecast', { city: 'Paris' }), { type: 'tool_use', id: 't2', name: 'get_weather', input: { city: 'Paris' } }];
    expect(judgeReply(weather, content, schemas)).toMatchObject({ pass: false, called: { name: 'get_forecast' } });
  });
});

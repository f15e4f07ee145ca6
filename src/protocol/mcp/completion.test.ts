import { describe, expect, it } from 'vitest';
import { completeParams, completionProblems, completionSummary, readCompletion, type CompletionAnswer } from './completion.js';

const prompt = { type: 'ref/prompt', name: 'completable-prompt' } as const;

function answerOf(result: unknown): CompletionAnswer {
  const read = readCompletion(result);
  if (!read.ok) throw new Error(read.problem);
  return read.answer;
}

describe('completeParams', () => {
  it('sends the other non-empty fields as context.arguments from 2025-06-18', () => {
    const ask = { ref: prompt, argument: { name: 'name', value: 'A' }, context: { department: 'Engineering', name: 'A', note: '' } };
    expect(completeParams(ask, '2025-11-25')).toEqual({
      ref: prompt,
      argument: { name: 'name', value: 'A' },
      context: { arguments: { department: 'Engineering' } },
    });
  });

  it('leaves context out before 2025-06-18, and when no other field has a value', () => {
    const ask = { ref: prompt, argument: { name: 'name', value: '' }, context: { department: 'Sales' } };
    expect(completeParams(ask, '2025-03-26')).toEqual({ ref: prompt, argument: { name: 'name', value: '' } });
    expect(completeParams({ ...ask, context: { department: '' } }, '2025-11-25')).not.toHaveProperty('context');
  });

  it('keeps a field named __proto__ as an ordinary argument', () => {
    const context = JSON.parse('{"__proto__":"x"}') as Record<string, string>;
    const params = completeParams({ ref: { type: 'ref/resource', uri: 'demo://{a}/{__proto__}' }, argument: { name: 'a', value: '' }, context }, '2025-06-18');
    expect(Object.keys((params.context as { arguments: object }).arguments)).toEqual(['__proto__']);
  });
});

describe('readCompletion', () => {
  it('reads values, total and hasMore', () => {
    expect(answerOf({ completion: { values: ['Alice', 'Bob'], total: 57, hasMore: true } })).toEqual({
      values: ['Alice', 'Bob'],
      total: 57,
      hasMore: true,
      sent: 2,
      nonStrings: 0,
    });
  });

  it('offers only strings, at most 100, and counts the rest', () => {
    const values = [...Array.from({ length: 120 }, (_, i) => `v${i}`), 7, null];
    const answer = answerOf({ completion: { values, total: 3, hasMore: 'yes' } });
    expect(answer.values).toHaveLength(100);
    expect(answer.values[99]).toBe('v99');
    expect(answer.nonStrings).toBe(2);
    expect(completionProblems(answer)).toEqual([
      '122 values were sent; at most 100 are allowed',
      '2 values are not a string',
      'total is 3, fewer than the 122 values sent',
      'hasMore is "yes", not true or false',
    ]);
  });

  it('says what is missing when the answer is not a completion', () => {
    expect(readCompletion({})).toEqual({ ok: false, problem: 'The answer has no "completion" object.' });
    expect(readCompletion({ completion: { values: 'Alice' } })).toEqual({ ok: false, problem: 'The answer\'s "completion" has no "values" array.' });
  });

  it('a total that is not a whole number is set aside', () => {
    const answer = answerOf({ completion: { values: [], total: 2.5 } });
    expect(answer.total).toBeUndefined();
    expect(completionProblems(answer)).toEqual(['total is 2.5, not a whole number']);
  });
});

describe('completionSummary', () => {
  it('says how many are shown of how many', () => {
    const ten = Array.from({ length: 10 }, (_, i) => `c${i}`);
    expect(completionSummary(answerOf({ completion: { values: ten, total: 57, hasMore: true } }))).toBe('showing 10 of 57');
    expect(completionSummary(answerOf({ completion: { values: ten, hasMore: true } }))).toBe('showing 10; the server has more');
    expect(completionSummary(answerOf({ completion: { values: ['a'], total: 1 } }))).toBe('1 value');
    expect(completionSummary(answerOf({ completion: { values: [] } }))).toBe('no values');
    expect(completionSummary(answerOf({ completion: { values: ['a', 2], total: 9 } }))).toBe('showing 1 of 2 sent');
  });
});

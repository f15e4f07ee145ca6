import { describe, expect, it } from 'vitest';
import { elicitationAnswer } from './elicitation.js';

describe('elicitationAnswer: server-chosen property names', () => {
  it('accepts defaults of properties named __proto__ or constructor as ordinary members', () => {
    // Parsed from JSON, as it arrives: an object literal's __proto__ would set the prototype instead.
    const params = JSON.parse(
      '{"message":"m","requestedSchema":{"type":"object","properties":{"__proto__":{"type":"string","default":"p"},"constructor":{"type":"string","default":"c"},"toString":{"type":"string"}}}}',
    );
    const answer = elicitationAnswer('accept-defaults', params);
    expect(JSON.stringify(answer.result)).toBe('{"action":"accept","content":{"__proto__":"p","constructor":"c"}}');
    expect(answer.note).toContain('left out, having no default: "toString"');
  });
});

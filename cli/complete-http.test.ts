// complete over Streamable HTTP: server-everything's dependent completion.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { everythingFixture, startFixture, type FixtureProcess } from '../test/fixtures/http-fixture-process.js';
import { main } from './main.js';

let everything: FixtureProcess;

beforeAll(async () => {
  everything = await startFixture(everythingFixture, ['streamableHttp']);
}, 30_000);

afterAll(async () => {
  await everything?.stop();
});

describe('mcpscope complete over Streamable HTTP', () => {
  it('completes the name of a department with the department as context', async () => {
    const out: string[] = [];
    const err: string[] = [];
    const argv = ['--url', `${everything.origin}/mcp`, 'complete', 'prompt', 'completable-prompt', 'name', '', '--context', 'department=Marketing'];
    const code = await main(argv, { out: (l) => out.push(l), err: (l) => err.push(l) });
    expect({ code, out, err }).toEqual({ code: 0, out: ['Grace', 'Henry', 'Iris', 'total: 3, hasMore: false'], err: [] });
  });
});

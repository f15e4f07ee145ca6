// Each test file gets a config directory of its own (XDG_CONFIG_HOME, inherited by the processes it starts):
// never the person's own, and never one another file shares. A proxy a test starts writes proxy.json there,
// and a wrapped session of another file running at the same time must not find it.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';

const dir = mkdtempSync(join(tmpdir(), 'mcpscope-test-config-'));
process.env.XDG_CONFIG_HOME = dir;
afterAll(() => rmSync(dir, { recursive: true, force: true }));

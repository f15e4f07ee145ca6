// The Evals tab with a fake OpenAI provider on loopback (started here) and server-everything: an eval file pasted and
// run against two models, the table's pass and fail rows with their rates, a wrong choice opened with its arguments,
// the tools the model confused in Problems (once, however often the eval is run), the rows filling in as each prompt
// and model pair is done, Stop in the middle of a run, a parse error's sentence, and with no model
// set up (a proxy of its own without keys) the sentence that says how to add one.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import { expect, test, type Locator, type Page } from '@playwright/test';
import type { ReceivedRequest, ScriptedTurn } from '../test/fixtures/models/fake-provider.js';
import { connectEverything, modelProxyForFile } from './fixtures/model-proxy.js';
import { ownProxyForFile } from './fixtures/own-proxy.js';

const TOKEN = 'e2e-models-evals-token-0123456789';
const KEY = 'sk-proj-e2e-evals-0123456789abcdef-Ee88';
const SHOTS = '/tmp/models-evals-shots';

type Message = { role: string; content?: unknown };

/** gpt-5 takes echo for get-sum; gpt-5-mini adds right. Both echo and chat. "Wait" is never answered. */
function script(request: ReceivedRequest): ScriptedTurn {
  const messages = (request.body.messages ?? []) as Message[];
  const asked = JSON.stringify(messages.at(-1)?.content ?? '');
  if (asked.includes('Wait')) return { hang: true };
  if (asked.includes('Take your time')) return { toolCalls: [{ name: 'echo', input: { message: 'slowly' } }], delayMs: 3_000 };
  if (asked.includes('plus'))
    return request.body.model === 'gpt-5'
      ? { toolCalls: [{ name: 'echo', input: { message: '2 plus 3' } }], usage: { input: 50, output: 8 } }
      : { toolCalls: [{ name: 'get-sum', input: { a: 2, b: 3 } }], usage: { input: 50, output: 8 } };
  if (asked.includes('Repeat')) return { toolCalls: [{ name: 'echo', input: { message: 'hello' } }], usage: { input: 40, output: 6 } };
  return { text: 'Fine, thanks.', usage: { input: 30, output: 4 } };
}

const models = modelProxyForFile({ token: TOKEN, key: KEY, script });

const FILE = `name: demo
models: [openai/gpt-5, openai/gpt-5-mini]
runs: 2
prompts:
  - name: add
    prompt: What is 2 plus 3?
    expect: { tool: get-sum, arguments: { match: { a: 2, b: 3 } } }
  - name: repeat
    prompt: Repeat after me, hello
    expect: { tool: echo }
  - name: chat
    prompt: How are you?
    expect: { tool: none }
  - name: weather
    prompt: Weather in Paris?
    expect: { tool: get-weather }
`;

async function openEvals(page: Page): Promise<Locator> {
  await connectEverything(page, models.proxy());
  await page.getByRole('tab', { name: 'Evals' }).click();
  const evals = page.getByRole('region', { name: 'Evals' });
  await expect(evals.getByRole('checkbox', { name: 'openai/gpt-5', exact: true })).toBeVisible();
  return evals;
}

/** `region`: the part scrolled to the top, below the sticky bars. */
async function shots(page: Page, name: string, region: string): Promise<void> {
  const views = [
    ['light', 1280, 800],
    ['dark', 800, 600],
    ['dark', 1280, 800],
    ['light', 800, 600],
  ] as const;
  for (const [scheme, w, h] of views) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.setViewportSize({ width: w, height: h });
    // The results' top, below the sticky bars.
    await page.getByRole('region', { name: region }).evaluate((el) => {
      const bars = document.querySelector('.app-top')?.getBoundingClientRect().height ?? 0;
      window.scrollTo(0, el.getBoundingClientRect().top + window.scrollY - bars - 8);
    });
    await page.screenshot({ path: `${SHOTS}/${name}-${w}x${h}-${scheme}.png` });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.emulateMedia({ colorScheme: 'light' });
}

test('an eval file pasted runs against the fake models: pass and fail rows, a wrong choice with its arguments, the confusion in Problems', async ({ page }) => {
  const evals = await openEvals(page);
  await evals.getByLabel('Eval file (YAML or JSON)').fill(FILE);
  await expect(evals.getByText('demo: 4 prompts.')).toBeVisible();
  await expect(evals.getByRole('checkbox', { name: 'openai/gpt-5-mini' })).toBeChecked();
  const asked = models.fake().received.length;
  await evals.getByRole('button', { name: 'Run' }).click();

  const results = evals.getByRole('region', { name: 'Eval results' });
  await expect(results.getByRole('status')).toHaveText('demo: 8 prompt and model pairs, 5 at or above the threshold, 3 under it.');
  const row = (prompt: string, model: string) =>
    results
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader', { name: prompt, exact: true }) })
      .filter({ has: page.getByRole('cell', { name: model, exact: true }) });
  await expect(row('add', 'openai/gpt-5-mini')).toContainText('100% (2 of 2) meets 80%');
  await expect(row('add', 'openai/gpt-5')).toContainText('0% (0 of 2) below 80%');
  await expect(row('repeat', 'openai/gpt-5')).toContainText('100% (2 of 2) meets 80%');
  await expect(row('chat', 'openai/gpt-5-mini')).toContainText('meets 80%');
  await expect(row('weather', 'openai/gpt-5')).toContainText('not asked');
  // 3 prompts that can be asked, 2 models, 2 runs: the fourth prompt's tool is not offered, so nothing was sent for it.
  expect(models.fake().received.length - asked).toBe(12);

  await row('add', 'openai/gpt-5').getByRole('button', { name: 'Show 2 wrong choices' }).click();
  const wrong = results.getByRole('list', { name: 'Wrong choices of add · openai/gpt-5' });
  await expect(wrong).toContainText('2× echo: called echo {"message":"2 plus 3"}, not get-sum.');
  await expect(wrong.getByLabel('Arguments given to echo')).toHaveText(JSON.stringify({ message: '2 plus 3' }, null, 2));
  await row('weather', 'openai/gpt-5-mini').getByRole('button', { name: 'Show why not asked' }).click();
  await expect(results).toContainText(/Not asked: tool get-weather is not offered by the server \(it has .*echo.*\)\./);
  await shots(page, 'evals', 'Eval results');
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    const axe = await new AxeBuilder({ page }).include('.evals').analyze();
    expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${scheme}: ${v.id} ${v.help}`)).toEqual([]);
  }
  await page.emulateMedia({ colorScheme: 'light' });

  await expect(evals.getByText(/The models confused tools: 1 finding \(MODEL-TOOLS-CONFUSED\)/)).toBeVisible();
  await evals.getByRole('button', { name: 'Open Problems' }).click();
  const problems = page.getByRole('tabpanel', { name: /Problems/ });
  await problems.getByRole('button', { name: 'MODEL-TOOLS-CONFUSED' }).click();
  await expect(
    problems.getByText(
      'openai/gpt-5 picked tool echo when get-sum was expected in 2/2 runs (eval "demo"): their names or descriptions may need to tell them apart.',
    ),
  ).toBeVisible();

  // The eval judged the choices only: nothing was called on the server; the finding has its line in the Log.
  await page.getByRole('tab', { name: 'Log' }).click();
  const log = page.getByRole('tabpanel', { name: 'Log' });
  await expect(log.getByRole('row').filter({ hasText: 'Eval: MODEL-TOOLS-CONFUSED openai/gpt-5 picked tool echo' })).toHaveCount(1);
  await expect(log.getByRole('row').filter({ hasText: '"method":"tools/call"' })).toHaveCount(0);

  const download = page.waitForEvent('download');
  await page.getByRole('tab', { name: 'Evals' }).click();
  await evals.getByRole('button', { name: 'Export results (JSON)' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('mcpscope-eval-demo.json');
  const exported = JSON.parse(await (await file.createReadStream()).toArray().then((c) => Buffer.concat(c).toString('utf8'))) as {
    cells: unknown[];
    confusions: unknown[];
  };
  expect(exported.cells).toHaveLength(8);
  expect(exported.confusions).toEqual([{ expected: ['get-sum'], called: 'echo', count: 2, models: ['openai/gpt-5'] }]);

  // Run again: its finding replaces the earlier run's in Problems, not added beside it.
  await evals.getByRole('button', { name: 'Run' }).click();
  await expect(results.getByRole('status')).toHaveText('demo: 8 prompt and model pairs, 5 at or above the threshold, 3 under it.');
  await evals.getByRole('button', { name: 'Open Problems' }).click();
  await expect(problems.getByText(/picked tool echo when get-sum was expected in 2\/2 runs \(eval "demo"\)/)).toHaveCount(1);
  await page.getByRole('tab', { name: 'Log' }).click();
  await expect(log.getByRole('row').filter({ hasText: 'Eval: MODEL-TOOLS-CONFUSED openai/gpt-5 picked tool echo' })).toHaveCount(2);
});

test('the rows fill in as each prompt and model pair is done, while the rest still runs', async ({ page }) => {
  const evals = await openEvals(page);
  await evals
    .getByLabel('Eval file (YAML or JSON)')
    .fill(
      'name: rows\nmodels: [openai/gpt-5]\nruns: 1\nprompts:\n  - { name: repeat, prompt: Repeat after me, expect: { tool: echo } }\n  - { name: slow, prompt: Take your time, expect: { tool: echo } }\n',
    );
  await evals.getByRole('button', { name: 'Run' }).click();
  const results = evals.getByRole('region', { name: 'Eval results' });
  await expect(results.getByRole('status')).toHaveText('rows: 1 of 2 prompt and model pairs done so far, 1 at or above the threshold, 0 under it.');
  await expect(results.getByRole('row').filter({ hasText: 'repeat' })).toContainText('100% (1 of 1) meets 80%');
  await expect(results.getByRole('row').filter({ hasText: 'slow' })).toHaveCount(0);
  await expect(evals.getByRole('button', { name: 'Stop' })).toBeVisible();
  await shots(page, 'evals-filling', 'Eval results');
  await expect(results.getByRole('status')).toHaveText('rows: 2 prompt and model pairs, 2 at or above the threshold, 0 under it.');
  await expect(results.getByRole('row').filter({ hasText: 'slow' })).toContainText('100% (1 of 1) meets 80%');
});

test('Stop in the middle of a run: the runs made are rated, and the table says it was stopped', async ({ page }) => {
  const evals = await openEvals(page);
  await evals
    .getByLabel('Eval file (YAML or JSON)')
    .fill(
      'models: [openai/gpt-5]\nruns: 1\nprompts:\n  - { name: repeat, prompt: Repeat after me, expect: { tool: echo } }\n  - { name: slow, prompt: Wait for it, expect: { tool: echo } }\n',
    );
  await evals.getByLabel('Runs', { exact: true }).fill('2');
  await evals.getByRole('button', { name: 'Run' }).click();
  await expect(evals.getByText('2 of 4 runs done · last: repeat · openai/gpt-5')).toBeVisible();
  await expect(evals.getByRole('progressbar', { name: 'Runs done' })).toHaveAttribute('value', '2');
  await shots(page, 'evals-running', 'Evals');
  await evals.getByRole('button', { name: 'Stop' }).click();
  const results = evals.getByRole('region', { name: 'Eval results' });
  await expect(results.getByRole('status')).toHaveText(
    'Stopped after 2 runs: the rates are over the runs made. eval: 1 prompt and model pair, 1 at or above the threshold, 0 under it.',
  );
  await expect(results.getByRole('row').filter({ hasText: 'repeat' })).toContainText('100% (2 of 2) meets 80%');
  await expect(results.getByRole('row').filter({ hasText: 'slow' })).toHaveCount(0);
  await expect(evals.getByRole('button', { name: 'Run' })).toBeEnabled();
});

test('a file opened (JSON) is read as the CLI reads it; its server is not started here', async ({ page }) => {
  const evals = await openEvals(page);
  const file = {
    server: { command: 'node', args: ['weather.js'] },
    models: ['openai/gpt-5-mini'],
    prompts: [{ prompt: 'Repeat after me', expect: { tool: 'echo' } }],
  };
  await evals.getByLabel('Open a file…').setInputFiles({ name: 'weather.eval.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(file)) });
  await expect(
    evals.getByText("weather.eval: 1 prompt. The file's server is not started here: its prompts are asked with the tools of this connection."),
  ).toBeVisible();
  await expect(evals.getByRole('checkbox', { name: 'openai/gpt-5-mini' })).toBeChecked();
  await expect(evals.getByRole('checkbox', { name: 'openai/gpt-5', exact: true })).not.toBeChecked();
  await evals.getByRole('button', { name: 'Run' }).click();
  await expect(evals.getByRole('region', { name: 'Eval results' }).getByRole('status')).toHaveText(
    'weather.eval: 1 prompt and model pair, 1 at or above the threshold, 0 under it.',
  );
});

test('a file that is not valid says what is wrong, at its line and field, and cannot run', async ({ page }) => {
  const evals = await openEvals(page);
  await evals.getByLabel('Eval file (YAML or JSON)').fill('runs: 2\nprompts:\n  - { prompt: Hi, expect: { tol: echo } }\n');
  await expect(evals.getByRole('alert')).toHaveText("The eval file is not valid: line 3: prompts[0].expect: unknown key 'tol' — did you mean 'tool'?");
  await expect(evals.getByRole('button', { name: 'Run' })).toBeDisabled();
  await evals.getByLabel('Threshold', { exact: true }).fill('80');
  await expect(evals.getByRole('alert').filter({ hasText: 'Threshold' })).toHaveText(
    `Threshold is "80": write the least pass rate from 0 to 1 (0.8: four runs in five), or leave it empty for the file's.`,
  );
});

test.describe('with no model set up', () => {
  const bare = ownProxyForFile('e2e-models-evals-bare-token-0123', ['--port=0', '--no-open'], {
    OPENAI_API_KEY: '',
    ANTHROPIC_API_KEY: '',
    OPENAI_COMPATIBLE_BASE_URL: '',
    XDG_CONFIG_HOME: mkdtempSync(join(tmpdir(), 'mcpscope-e2e-evals-bare-')),
  });

  test('the Evals tab says how to add a model, and Run waits for one', async ({ page }) => {
    await connectEverything(page, bare());
    await page.getByRole('tab', { name: 'Evals' }).click();
    const evals = page.getByRole('region', { name: 'Evals' });
    await expect(evals.getByRole('group', { name: 'Models' })).toContainText(
      'No model is set up. Add an API key (Anthropic or OpenAI) or a local OpenAI-compatible endpoint (Ollama, LM Studio, …) under Models in the settings, or start the proxy with ANTHROPIC_API_KEY or OPENAI_API_KEY set.',
    );
    await evals.getByRole('button', { name: 'Start from an example' }).click();
    await expect(evals.getByRole('button', { name: 'Run' })).toBeDisabled();
  });
});

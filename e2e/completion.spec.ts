// Completion (completion/complete): suggestions while typing in a prompt
// argument or a resource-template variable, picked with the keyboard, with
// the other fields as context; stale and bad answers never shown as good.
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { connectToScript } from './fixtures/connect.js';

const everything = fileURLToPath(new URL('../node_modules/@modelcontextprotocol/server-everything/dist/index.js', import.meta.url));
const fixture = fileURLToPath(new URL('../test/fixtures/completion-server.mjs', import.meta.url));

interface Sent {
  method?: string;
  params?: { argument?: { name: string; value: string }; context?: { arguments: Record<string, string> } };
}

/** Every JSON-RPC message the page sends (from the `send` envelopes on its WebSockets). */
function recordSent(page: Page): Sent[] {
  const sent: Sent[] = [];
  page.on('websocket', (ws) =>
    ws.on('framesent', (f) => {
      const envelope = JSON.parse(typeof f.payload === 'string' ? f.payload : f.payload.toString()) as { type: string; raw?: string };
      if (envelope.type === 'send' && envelope.raw !== undefined) sent.push(JSON.parse(envelope.raw) as Sent);
    }),
  );
  return sent;
}

const connect = (page: Page, args?: string) => connectToScript(page, args);

async function openPrompt(page: Page, name: string) {
  await page.getByRole('tab', { name: 'Prompts' }).click();
  const panel = page.getByRole('tabpanel', { name: 'Prompts' });
  await panel.getByRole('button', { name: new RegExp(name) }).click();
  return { panel, form: panel.getByRole('form', { name: `Arguments of ${name}` }) };
}

const options = (page: Page, argument: string) => page.getByRole('listbox', { name: `Suggestions for ${argument}` }).getByRole('option');

test('server-everything: pick a department with the keyboard, then names of that department are suggested', async ({ page }) => {
  const sent = recordSent(page);
  await connect(page, `${everything} stdio`);
  const { panel, form } = await openPrompt(page, 'completable-prompt');

  const department = form.getByRole('combobox', { name: 'department' });
  await department.pressSequentially('E');
  await expect(options(page, 'department')).toHaveText(['Engineering']);
  await expect(department).toHaveAttribute('aria-expanded', 'true');
  await page.keyboard.press('ArrowDown');
  await expect(options(page, 'department').first()).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Enter');
  await expect(department).toHaveValue('Engineering');
  await expect(page.getByRole('listbox')).toHaveCount(0);

  const name = form.getByRole('combobox', { name: 'name' });
  await name.focus();
  await page.keyboard.press('ArrowDown');
  await expect(options(page, 'name')).toHaveText(['Alice', 'Bob', 'Charlie']);
  await page.screenshot({ path: '/tmp/completion-everything.png' });
  await name.pressSequentially('B');
  await expect(options(page, 'name')).toHaveText(['Bob']);
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('Enter');
  await expect(name).toHaveValue('Bob');

  // The name was completed with the department as context.
  const asked = sent.filter((m) => m.method === 'completion/complete' && m.params?.argument?.name === 'name');
  expect(asked.length).toBeGreaterThan(0);
  for (const m of asked) expect(m.params?.context).toEqual({ arguments: { department: 'Engineering' } });

  // Escape closes an open list without touching the value, and Enter then gets the prompt.
  await name.press('ArrowDown');
  await expect(options(page, 'name')).toHaveText(['Bob']);
  await name.press('Escape');
  await expect(page.getByRole('listbox')).toHaveCount(0);
  await name.press('Enter');
  await expect(panel).toContainText('Please promote Bob to the head of the Engineering team.');
});

test('server-everything: a resource-template variable is completed and the picked value read', async ({ page }) => {
  await connect(page, `${everything} stdio`);
  await page.getByRole('tab', { name: 'Resources' }).click();
  const panel = page.getByRole('tabpanel', { name: 'Resources' });
  const template = panel.getByRole('form', { name: 'Dynamic Text Resource' });
  await template.getByRole('combobox', { name: 'resourceId' }).pressSequentially('7');
  await expect(options(page, 'resourceId')).toHaveText(['7']);
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(template.getByLabel('Expanded URI')).toHaveText('demo://resource/dynamic/text/7');
  await template.getByRole('button', { name: 'Read' }).click();
  await expect(panel).toContainText('Resource 7: This is a plaintext resource');
});

test('demo server: "showing 10 of 54" countries, and cities that follow the country', async ({ page }) => {
  await connect(page);
  const { form } = await openPrompt(page, 'plan_trip');
  const country = form.getByRole('combobox', { name: 'country' });
  await country.focus();
  await page.keyboard.press('ArrowDown');
  await expect(options(page, 'country')).toHaveCount(10);
  await expect(form.getByText('showing 10 of 54')).toBeVisible();
  await country.pressSequentially('Ja');
  await expect(options(page, 'country')).toHaveText(['Japan']);
  await expect(form.getByText('1 value', { exact: true })).toBeVisible();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  const city = form.getByRole('combobox', { name: 'city' });
  await city.pressSequentially('o');
  await expect(options(page, 'city')).toHaveText(['Osaka']);
  await page.screenshot({ path: '/tmp/completion-demo.png' });

  // The greeting template's lang variable completes too.
  await page.getByRole('tab', { name: 'Resources' }).click();
  const greeting = page.getByRole('tabpanel', { name: 'Resources' }).getByRole('form', { name: 'Greeting' });
  await greeting.getByRole('combobox', { name: 'lang' }).pressSequentially('p');
  await expect(options(page, 'lang')).toHaveText(['pt']);
});

test('an answer to an earlier value never replaces the answer to what is typed now', async ({ page }) => {
  await connect(page, `${fixture} --mode slow-first`);
  const { form } = await openPrompt(page, 'pick');
  const first = form.getByRole('combobox', { name: 'first' });
  await first.pressSequentially('a');
  // The answer for "a" is held back 1.5 s; the person types on meanwhile.
  await page.waitForTimeout(400);
  await first.pressSequentially('b');
  await expect(options(page, 'first')).toHaveText(['ab1', 'ab2', 'ab3']);
  await page.waitForTimeout(1600);
  await expect(options(page, 'first')).toHaveText(['ab1', 'ab2', 'ab3']);
});

test('an answer breaking the limits is shown within them, said, and linted', async ({ page }) => {
  await connect(page, `${fixture} --mode bad`);
  const { form } = await openPrompt(page, 'pick');
  await form.getByRole('combobox', { name: 'first' }).pressSequentially('x');
  await expect(options(page, 'first')).toHaveCount(100);
  await expect(form).toContainText('showing 100 of 150 sent');
  await expect(form).toContainText('150 values were sent; at most 100 are allowed');
  await expect(form).toContainText('2 values are not a string');
  await page.screenshot({ path: '/tmp/completion-bad.png' });
  await page.getByRole('tab', { name: 'Problems' }).click();
  await expect(page.getByRole('tabpanel', { name: 'Problems' }).getByRole('row').filter({ hasText: 'COMPLETION-RESULT' }).first()).toBeVisible();
});

test('an error answer is said quietly under the field, and typing goes on', async ({ page }) => {
  await connect(page, `${fixture} --mode error`);
  const again = await openPrompt(page, 'pick');
  const field = again.form.getByRole('combobox', { name: 'first' });
  await field.pressSequentially('abc');
  await expect(again.form).toContainText('No suggestions: The server answered with error -32603: completion index unavailable');
  await field.pressSequentially('def');
  await expect(field).toHaveValue('abcdef');
  await expect(page.getByRole('alert')).toHaveCount(0);
});

test('a server without the completions capability is not asked', async ({ page }) => {
  const sent = recordSent(page);
  await connect(page, `${fixture} --mode no-capability`);
  const { form } = await openPrompt(page, 'pick');
  const field = form.getByRole('combobox', { name: 'first' });
  await field.pressSequentially('ab');
  await field.press('ArrowDown');
  await page.waitForTimeout(500);
  await expect(page.getByRole('listbox')).toHaveCount(0);
  await expect(field).toHaveAttribute('aria-expanded', 'false');
  expect(sent.filter((m) => m.method === 'completion/complete')).toEqual([]);
});

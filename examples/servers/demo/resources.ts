// The demo server's resources: text, an image blob, a binary blob, a counter
// that changes while subscribed, and a URI template.
import { chartPng } from './media.js';

export interface ResourceContents {
  uri: string;
  mimeType?: string;
  text?: string;
  blob?: string;
  _meta?: Record<string, unknown>;
}

export interface DemoResource {
  uri: string;
  name: string;
  title: string;
  description: string;
  mimeType: string;
  size?: number;
  _meta?: Record<string, unknown>;
  read(): ResourceContents[];
}

export const COUNTER_URI = 'demo://counter';

let counter = 0;
export function tickCounter(): void {
  counter += 1;
}

const logo = chartPng([2, 4, 6, 8, 10, 8], 96, 48);
const binary = Buffer.from(Array.from({ length: 1536 }, (_, i) => (i * 37) & 0xff));

export const demoResources: DemoResource[] = [
  {
    uri: 'demo://readme',
    name: 'readme',
    title: 'Demo README',
    description: 'What this demo server offers.',
    mimeType: 'text/plain',
    read: () => [
      {
        uri: 'demo://readme',
        mimeType: 'text/plain',
        text: 'mcpscope demo server: tools add, multiply, echo and more; text, image and binary resources; a template; a prompt; ping.\n',
      },
    ],
  },
  {
    uri: 'demo://config.json',
    name: 'config',
    title: 'Configuration',
    description: 'A JSON document, to be shown pretty-printed.',
    mimeType: 'application/json',
    read: () => [{ uri: 'demo://config.json', mimeType: 'application/json', text: '{"retries":3,"endpoints":["a","b"],"debug":false}' }],
  },
  {
    uri: 'demo://logo.png',
    name: 'logo',
    title: 'Logo',
    description: 'A small PNG image, returned as a blob.',
    mimeType: 'image/png',
    size: logo.length,
    read: () => [{ uri: 'demo://logo.png', mimeType: 'image/png', blob: logo.toString('base64') }],
  },
  {
    uri: 'demo://data.bin',
    name: 'data',
    title: 'Binary data',
    description: '1.5 KiB of bytes that are not text.',
    mimeType: 'application/octet-stream',
    size: binary.length,
    read: () => [{ uri: 'demo://data.bin', mimeType: 'application/octet-stream', blob: binary.toString('base64') }],
  },
  {
    uri: COUNTER_URI,
    name: 'counter',
    title: 'Counter',
    description: 'Counts up once a second while someone is subscribed.',
    mimeType: 'text/plain',
    read: () => [{ uri: COUNTER_URI, mimeType: 'text/plain', text: `count: ${counter}` }],
  },
];

export const greetingTemplate = {
  uriTemplate: 'demo://greeting/{name}{?lang}',
  name: 'greeting',
  title: 'Greeting',
  description: 'A greeting for {name}, in English (en), Portuguese (pt), German (de) or French (fr).',
  mimeType: 'text/plain',
};

const GREETINGS: Record<string, string> = { en: 'Hello', pt: 'Olá', de: 'Hallo', fr: 'Bonjour' };

/** Read a URI of the greeting template, or undefined if it is not one. */
export function readGreeting(uri: string): ResourceContents[] | undefined {
  const m = /^demo:\/\/greeting\/([^?]+)(?:\?lang=([a-z]+))?$/.exec(uri);
  if (!m) return undefined;
  const name = decodeURIComponent(m[1]!);
  const word = GREETINGS[m[2] ?? 'en'] ?? GREETINGS.en;
  return [{ uri, mimeType: 'text/plain', text: `${word}, ${name}!` }];
}

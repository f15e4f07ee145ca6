// The demo's completions (completion/complete): a trip prompt whose city
// depends on the country picked before it (context.arguments), with more
// countries than one answer shows (total and hasMore), and the languages of
// the greeting template.
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CompleteRequestSchema, ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import type { DemoPrompt } from './prompts.js';

/** Values per answer: fewer than the countries, so a client sees total and hasMore. */
const PAGE = 10;

const CITIES: Record<string, string[]> = {
  Argentina: ['Buenos Aires', 'Córdoba', 'Mendoza', 'Rosario'],
  Brazil: ['Belo Horizonte', 'Brasília', 'Recife', 'Rio de Janeiro', 'Salvador', 'São Paulo'],
  Canada: ['Calgary', 'Montréal', 'Ottawa', 'Toronto', 'Vancouver'],
  France: ['Bordeaux', 'Lille', 'Lyon', 'Marseille', 'Nice', 'Paris'],
  Germany: ['Berlin', 'Bremen', 'Cologne', 'Hamburg', 'Munich'],
  Japan: ['Kyoto', 'Osaka', 'Sapporo', 'Tokyo'],
  Portugal: ['Braga', 'Coimbra', 'Faro', 'Lisbon', 'Porto'],
};
const COUNTRIES = [
  ...Object.keys(CITIES),
  ...['Australia', 'Austria', 'Belgium', 'Bolivia', 'Chile', 'China', 'Colombia', 'Croatia', 'Cuba', 'Czechia', 'Denmark', 'Ecuador', 'Egypt'],
  ...['Estonia', 'Finland', 'Ghana', 'Greece', 'Hungary', 'Iceland', 'India', 'Indonesia', 'Ireland', 'Italy', 'Kenya', 'Latvia', 'Lithuania'],
  ...['Mexico', 'Morocco', 'Nepal', 'Netherlands', 'New Zealand', 'Nigeria', 'Norway', 'Paraguay', 'Peru', 'Poland', 'Romania', 'Senegal'],
  ...['Slovakia', 'Slovenia', 'Spain', 'Sweden', 'Switzerland', 'Thailand', 'Tunisia', 'Uruguay', 'Vietnam'],
].sort((a, b) => a.localeCompare(b));

const LANGUAGES = ['de', 'en', 'fr', 'pt'];

export const tripPrompt: DemoPrompt = {
  name: 'plan_trip',
  title: 'Plan a trip',
  description: 'Pick a country, then a city in it: both fields offer completions, and the cities depend on the country.',
  arguments: [
    { name: 'country', description: 'Country to visit (completions: start typing)', required: true },
    { name: 'city', description: 'City in that country (completions follow the country)', required: true },
  ],
  get: (args) => ({
    description: `A trip to ${args.city}, ${args.country}`,
    messages: [{ role: 'user', content: { type: 'text', text: `Plan three days in ${args.city}, ${args.country}.` } }],
  }),
};

function startingWith(values: readonly string[], typed: string): { values: string[]; total: number; hasMore: boolean } {
  const prefix = typed.toLocaleLowerCase();
  const matches = values.filter((v) => v.toLocaleLowerCase().startsWith(prefix));
  return { values: matches.slice(0, PAGE), total: matches.length, hasMore: matches.length > PAGE };
}

/** Declares `completions` and answers completion/complete for `prompts`; call before the server connects. */
export function registerDemoCompletions(server: Server, prompts: readonly DemoPrompt[]): void {
  server.registerCapabilities({ completions: {} });
  server.setRequestHandler(CompleteRequestSchema, (req) => {
    const { ref, argument, context } = req.params;
    if (ref.type === 'ref/prompt' && ref.name === tripPrompt.name) {
      if (argument.name === 'country') return { completion: startingWith(COUNTRIES, argument.value) };
      if (argument.name === 'city') {
        const country = context?.arguments?.country;
        return { completion: startingWith((country !== undefined && Object.hasOwn(CITIES, country) ? CITIES[country] : undefined) ?? [], argument.value) };
      }
    }
    if (ref.type === 'ref/resource' && ref.uri === 'demo://greeting/{name}{?lang}' && argument.name === 'lang') {
      return { completion: startingWith(LANGUAGES, argument.value) };
    }
    if (ref.type === 'ref/prompt' && !prompts.some((p) => p.name === ref.name)) throw new McpError(ErrorCode.InvalidParams, `Unknown prompt: ${ref.name}`);
    // A field without completions: nothing to suggest.
    return { completion: { values: [], total: 0, hasMore: false } };
  });
}

import type { EndpointKey } from './endpoint.ts';
import { listingsEndpoints } from './endpoints/listings.ts';

/**
 * Every operation of the API, keyed by `'METHOD /path'` (decision 064): the server registers each
 * route from its entry (server/http/route.ts; server/test/endpoints.test.ts checks both ways) and
 * the web calls through it (web/lib/api-client.ts, types only). A feature's entries are in
 * core/contracts/endpoints/<feature>.ts.
 */
export const endpoints = joinGroups(listingsEndpoints);

export type Endpoints = typeof endpoints;

type Joined<Groups extends object[]> = Groups extends [infer First, ...infer Rest extends object[]] ? First & Joined<Rest> : unknown;

/** The groups as one map; a key in two groups is a mistake, refused when the module loads. */
function joinGroups<Groups extends Record<EndpointKey, unknown>[]>(...groups: Groups): Joined<Groups> {
  const joined: Record<string, unknown> = {};
  for (const group of groups) {
    for (const [key, entry] of Object.entries(group)) {
      if (key in joined) throw new Error(`Endpoint ${key} is defined twice`);
      joined[key] = entry;
    }
  }
  // Every group's entries, each under its own key.
  return joined as Joined<Groups>;
}

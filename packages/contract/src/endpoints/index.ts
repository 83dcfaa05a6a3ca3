import { TREE_ENDPOINTS } from './tree.ts';

export * from './endpoint.ts';

/**
 * Every operation of the HTTP API, by name (issue 20 "One endpoint table"; the entry's shape:
 * ./endpoint.ts). Operations still registered by the server from their own route options are being
 * moved here area by area; `apps/server/test/endpoint-table.test.ts` checks that every entry is
 * registered as declared.
 */
export const ENDPOINTS = {
  ...TREE_ENDPOINTS,
};
export type EndpointName = keyof typeof ENDPOINTS;

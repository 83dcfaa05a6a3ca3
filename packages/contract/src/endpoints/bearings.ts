import { BEARING_LIST_LIMIT, bearing, bearingList, bearingQuery, customBearingBody } from '../bearing.ts';
import { endpoint } from './endpoint.ts';

/**
 * Bearings: the catalogue and the customer's own (spec 000 §5). Server: modules/bearings.
 */
export const BEARING_ENDPOINTS = {
  listBearings: endpoint({
    method: 'GET',
    path: '/bearingSpesifications',
    access: { permission: ['readPoint'] },
    tags: ['bearings'],
    summary: 'Catalogue and custom bearings, by brand and bearing-number prefix',
    description: `The shared catalogue and the caller customer's custom bearings. \`brand\`: exact, case-insensitive (SKF, NTN, SCHAFFLER, or a custom brand); \`bearing_number\`: prefix, case-insensitive. Sorted by brand, bearing number, DEFAULT before CUSTOM; at most ${BEARING_LIST_LIMIT}. Multipliers are orders of shaft speed.`,
    query: bearingQuery,
    response: bearingList,
    errors: [400],
  }),
  createBearing: endpoint({
    method: 'POST',
    path: '/bearingSpesifications',
    access: { permission: ['createPoint', 'updatePoint'] },
    tags: ['bearings'],
    summary: 'Save a free-typed custom bearing of the customer',
    description:
      'Keyed by brand (stored upper-cased) and bearing number, case-insensitive. A new name creates a CUSTOM bearing of the customer with the given multipliers (0 when left out); the customer’s own custom bearing of that name gets the given multipliers; a catalogue bearing of that name is answered unchanged (its values are read-only). Another customer never sees it.',
    body: customBearingBody,
    response: bearing,
    errors: [400],
  }),
};

import { LOGO_CONTENT_TYPES, customer, logoAnswer, preferencesBody } from '../customer.ts';
import { endpoint } from './endpoint.ts';

/**
 * Customer preferences and logo (spec 002 §3, §9 Admin). Server: modules/preferences.
 */
export const PREFERENCE_ENDPOINTS = {
  updatePreferences: endpoint({
    method: 'PUT',
    path: '/preferences',
    access: { permission: ['updatePreferences'] },
    tags: ['preferences'],
    summary: "Save the customer's preferences",
    description:
      'The whole preferences object except the logo (kept as it is). `defaultTelemetry` must name one of the customer’s telemetry definitions and becomes its default one; `alarm.notificationReceivers` must be the customer’s users (404 otherwise). Answers the customer record.',
    body: preferencesBody,
    response: customer,
    errors: [400, 404],
  }),
  setPreferencesLogo: endpoint({
    method: 'PUT',
    path: '/preferences/logo',
    access: { permission: ['updatePreferences'] },
    tags: ['preferences'],
    summary: "Upload the customer's logo",
    description: `Body: the raw image with \`content-type\` ${LOGO_CONTENT_TYPES.join(', ')}, at most 2 MB (413 above). It is resized to 40 px high (width in proportion, at most 400 px) and stored as PNG; \`preferences.logo\` becomes \`/api/customer/{host}/logo?v={hash}\`. Not an image: 400.`,
    response: logoAnswer,
    errors: [400, 413],
  }),
  removePreferencesLogo: endpoint({
    method: 'DELETE',
    path: '/preferences/logo',
    access: { permission: ['updatePreferences'] },
    tags: ['preferences'],
    summary: "Remove the customer's logo",
    response: logoAnswer,
  }),
};

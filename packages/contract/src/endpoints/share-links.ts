import { z } from 'zod';
import { measurementDetailQuery } from '../measurement.ts';
import { alarmTransactionsQuery, alarmTransactionsResponse, measurementPhotosResponse } from '../measurement-detail.ts';
import {
  createShareBody,
  createShareResponse,
  shareLinksQuery,
  shareLinksResponse,
  shareScope,
  shareTrendQuery,
  shareTrendResponse,
  sharedMeasurementDetail,
} from '../share.ts';
import { SIGNAL_DOC, signalQuery } from './measurement-detail-files.ts';
import { endpoint, idParams } from './endpoint.ts';

/** What every operation of a share token's holder states (`access: { shareToken: true }`). */
export const SHARE_TOKEN_DOC =
  'Share token in the `token` header (or `?token=`); no session. 401 SHARE_LINK_INVALID when missing, unknown, revoked, expired, of another customer, or when the link’s creator was deleted or lost readMeasurement.';

/** The share token as a query parameter (SHARE_TOKEN_PARAM), which every holder's operation accepts. */
const tokenQuery = z.object({ token: z.string().optional() });

const HOLDER = { shareToken: true } as const;

/**
 * Share links (spec 002 §7 "Temporary share link", docs/share-links.md): the management calls of
 * logged-in users, and the read-only `/share/...` family a token holder's page calls instead of the
 * session routes (their analyses: ./analysis.ts). Server: modules/share.
 */
export const SHARE_LINK_ENDPOINTS = {
  createShareLink: endpoint({
    method: 'POST',
    path: '/temporaryToken/measurement',
    access: { permission: ['readMeasurement'] },
    tags: ['share links'],
    summary: 'Create a temporary share link of a measurement',
    description:
      'Body `{measurementId, allowTrend, allowImage, allowAlarmTransactions, expiresIn}`; `expiresIn` one of 15m, 30m, 1h, 4h (default), 1d, 7d, 15d, 30d. Answers the link with its `token` (shown only now; only its SHA-256 is stored). The page URL is `/measurement/{id}?token={token}`. Another customer’s measurement answers 404. Each extra needs the creator to hold its permission (allowTrend: Readtrend, allowImage: readPoint, allowAlarmTransactions: readAlarm), else 403 SHARE_FLAG_NOT_HELD; the link stops working (401 SHARE_LINK_INVALID) once its creator is deleted or loses readMeasurement, and an extra whose permission the creator lost is no longer granted.',
    body: createShareBody,
    response: createShareResponse,
    errors: [400, 403, 404],
  }),
  listShareLinks: endpoint({
    method: 'GET',
    path: '/temporaryToken',
    access: { permission: ['readMeasurement'] },
    tags: ['share links'],
    summary: 'The active share links of the customer (optionally of one measurement)',
    description: 'Unexpired links, newest first, without their tokens.',
    query: shareLinksQuery,
    response: shareLinksResponse,
    errors: [400],
  }),
  revokeShareLink: endpoint({
    method: 'DELETE',
    path: '/temporaryToken/:id',
    access: { permission: ['readMeasurement'] },
    tags: ['share links'],
    summary: 'Revoke a share link',
    description: 'The token stops working at once. Another customer’s link answers 404 SHARE_LINK_NOT_FOUND.',
    params: idParams,
    response: z.object({ ok: z.literal(true) }),
    errors: [404],
  }),

  // ---- the token holder's read-only API ----
  getShareScope: endpoint({
    method: 'GET',
    path: '/share',
    access: HOLDER,
    tags: ['share links'],
    summary: 'Token holder: what the share token grants',
    description: SHARE_TOKEN_DOC,
    query: tokenQuery,
    response: shareScope,
    errors: [400, 401],
  }),
  getSharedMeasurement: endpoint({
    method: 'GET',
    path: '/share/measurement/:id',
    access: HOLDER,
    tags: ['share links'],
    summary: 'Token holder: the shared measurement (as GET /measurement/{id}, with its point’s chart settings)',
    description: `${SHARE_TOKEN_DOC} Any other measurement id answers 404. \`pointSettings\`: the reference frequency (Hz), whether it varies, the bearing (fault-frequency multipliers) and the axis mapping of the measurement’s point, so the shared page marks the running speed and the bearing fault frequencies; null without a point. Nothing else of the point is answered.`,
    params: idParams,
    query: measurementDetailQuery.extend(tokenQuery.shape),
    response: sharedMeasurementDetail,
    errors: [400, 401, 404],
  }),
  getSharedMeasurementSignal: endpoint({
    method: 'GET',
    path: '/share/measurement/:id/signal',
    access: HOLDER,
    tags: ['share links'],
    summary: 'Token holder: the shared measurement’s waveform, binary (as GET /measurement/{id}/signal)',
    description: `${SHARE_TOKEN_DOC} Any other measurement id answers 404. ${SIGNAL_DOC}`,
    params: idParams,
    query: signalQuery.extend(tokenQuery.shape),
    errors: [400, 401, 404],
  }),
  listSharedMeasurementPhotos: endpoint({
    method: 'GET',
    path: '/share/measurement/:id/photo',
    access: HOLDER,
    tags: ['share links'],
    summary: 'Token holder: the measurement’s photos (needs allowImage)',
    description: `${SHARE_TOKEN_DOC} 403 SHARE_NOT_ALLOWED without allowImage.`,
    params: idParams,
    query: tokenQuery,
    response: measurementPhotosResponse,
    errors: [400, 401, 403, 404],
  }),
  listSharedPointImages: endpoint({
    method: 'GET',
    path: '/share/measurement/:id/point-image',
    access: HOLDER,
    tags: ['share links'],
    summary: 'Token holder: the images of the measurement’s point (needs allowImage)',
    description: `${SHARE_TOKEN_DOC} Signed URLs valid 1 hour, oldest first; empty without a point. 403 SHARE_NOT_ALLOWED without allowImage.`,
    params: idParams,
    query: tokenQuery,
    response: measurementPhotosResponse,
    errors: [400, 401, 403, 404],
  }),
  getSharedPointTrend: endpoint({
    method: 'GET',
    path: '/share/measurement/:id/trend',
    access: HOLDER,
    tags: ['share links'],
    summary: 'Token holder: the trend of the measurement’s point (needs allowTrend)',
    description: `${SHARE_TOKEN_DOC} The computed values of \`telemetry\` (default GRMS) of the point over the last \`hours\` (default 168), one series per source, oldest first (at most 5000 values). 403 SHARE_NOT_ALLOWED without allowTrend.`,
    params: idParams,
    query: shareTrendQuery.extend(tokenQuery.shape),
    response: shareTrendResponse,
    errors: [400, 401, 403, 404],
  }),
  listSharedAlarmTransactions: endpoint({
    method: 'GET',
    path: '/share/measurement/:id/alarm-transactions',
    access: HOLDER,
    tags: ['share links'],
    summary: 'Token holder: alarm transactions of the point (needs allowAlarmTransactions)',
    description: `${SHARE_TOKEN_DOC} Same paging and level filter as GET /alarm-transactions, for the measurement's point only. 403 SHARE_NOT_ALLOWED without allowAlarmTransactions.`,
    params: idParams,
    query: alarmTransactionsQuery.extend(tokenQuery.shape),
    response: alarmTransactionsResponse,
    errors: [400, 401, 403, 404],
  }),
};

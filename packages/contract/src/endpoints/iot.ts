import { z } from 'zod';
import { measureBody, measureResponse, routingLookupResponse, sigv4Response } from '../iot.ts';
import { endpoint } from './endpoint.ts';

/**
 * Live measurement and routing (spec 000 §7 IoT). Server: modules/iot.
 */
export const IOT_ENDPOINTS = {
  measurePoint: endpoint({
    method: 'POST',
    path: '/iot/:pointId/measure',
    access: { permission: ['createMeasurement'] },
    tags: ['iot'],
    summary: 'Request a live measurement of a point',
    description:
      'Creates the measurement (state `requested`) and publishes `<root>/gateway/<gw>/device/<mac>/measure/<id>` with `<rangeIndex>,<rateIndex>,<sampleSize>` from the device profile (senseway-gateway.md §4). Progress arrives on the live topics; the result is `.../measure/<id>/persisted`.',
    params: z.object({ pointId: z.string() }),
    body: measureBody,
    response: measureResponse,
    errors: [400, 404, 409, 503],
  }),
  getBrokerUrl: endpoint({
    method: 'GET',
    path: '/iot/sigv4',
    access: { permission: ['createMeasurement', 'readMeasurement'] },
    tags: ['iot'],
    summary: 'Short-lived signed WebSocket URL of the broker',
    description:
      'The broker accepts the connection only with a valid, unexpired signature, and lets it subscribe only to live topics of its customer’s gateways and devices.',
    response: sigv4Response,
  }),
  getDeviceRoutingLookup: endpoint({
    method: 'GET',
    path: '/iot/device/:id/routingLookup',
    access: { permission: ['readPoint'] },
    tags: ['iot'],
    summary: 'Which gateways see a device, with rssi and status from their latest scans',
    description: 'Statuses from scans older than 5 minutes read `unknown`.',
    params: z.object({ id: z.string() }),
    response: routingLookupResponse,
    errors: [404],
  }),
};

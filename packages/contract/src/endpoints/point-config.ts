import { pointChannelGroupBody, pointConfig, pointDeviceBody, pointProfileBody } from '../devices.ts';
import { endpoint, idParams } from './endpoint.ts';

/**
 * A point's device, profile and channel groups (spec 001 "Configuration card"). Server: modules/point-config.
 */
export const POINT_CONFIG_ENDPOINTS = {
  getPointConfig: endpoint({
    method: 'GET',
    path: '/point/:id/config',
    access: { permission: ['readPoint'] },
    tags: ['point-config'],
    summary: "A point's configuration: device, profile, DUCKV1 channel groups",
    params: idParams,
    response: pointConfig,
    errors: [404],
  }),
  setPointDevice: endpoint({
    method: 'PUT',
    path: '/point/:id/device',
    access: { permission: ['updatePointConfig'] },
    tags: ['point-config'],
    summary: 'Attach a device (by MAC) to a point, through a gateway',
    description:
      '`macAddress`: six upper-case hex pairs (lower case is accepted and upper-cased). `gateway`: a gateway MAC of the customer, or null for any gateway that hears the device. A MAC registered to no customer is registered to this one. A device is attached to one point at a time: 409 DEVICE_IN_USE when it is attached to another point (detach it there first; nothing is moved silently). Replacing the point’s device keeps the point’s profile on the new device. 409 DEVICE_REGISTERED for another customer’s MAC, DEVICE_KIND_MISMATCH for a trigger (assign triggers with `PUT /point/{id}/trigger`); 404 POINT_NOT_FOUND, GATEWAY_NOT_FOUND.',
    params: idParams,
    body: pointDeviceBody,
    response: pointConfig,
    errors: [400, 404, 409],
  }),
  removePointDevice: endpoint({
    method: 'DELETE',
    path: '/point/:id/device',
    access: { permission: ['deletePointConfig'] },
    tags: ['point-config'],
    summary: "Detach the point's device",
    description:
      'The device stays in the registry without profile; the point’s profile and channel groups are cleared. Idempotent.',
    params: idParams,
    response: pointConfig,
    errors: [404],
  }),
  setPointProfile: endpoint({
    method: 'PUT',
    path: '/point/:id/profile',
    access: { permission: ['updatePointConfig'] },
    tags: ['point-config'],
    summary: "Set the measurement profile of the point's device",
    description:
      '`sampleSize`: samples per axis, 10 … 50000 in steps of 10 (default 1000 in the card). `samplingRateIndex` 5 … 10 (nominal 25·2^i Hz: 800 … 25600 Hz), `accelerometerRangeIndex` 1 … 4 (±2^i g), `sensorSelectionIndex` 0 … 3 (device default, accelerometer, magnetometer, both; default 0), `window` one of the spectral windows (default hanning). Stored as `profile` {sampleSize, samplingRate, accelerometerRange, sensorSelection, window} and sent with every measure command. 409 NO_DEVICE without a device.',
    params: idParams,
    body: pointProfileBody,
    response: pointConfig,
    errors: [400, 404, 409],
  }),
  removePointProfile: endpoint({
    method: 'DELETE',
    path: '/point/:id/profile',
    access: { permission: ['deletePointConfig'] },
    tags: ['point-config'],
    summary: "Clear the point's measurement profile",
    description: 'Without a profile the point cannot be measured. Idempotent.',
    params: idParams,
    response: pointConfig,
    errors: [404],
  }),
  setPointChannelGroups: endpoint({
    method: 'PUT',
    path: '/point/:id/channelGroup',
    access: { permission: ['updatePointConfig'] },
    tags: ['point-config'],
    summary: 'Set the DUCKV1 channel groups of a point',
    description:
      '`channelGroups`: one group code or a list of them; a code is channel orders 1 … 8, each at most once, joined by `|` (e.g. `1|2|3`, the duck sensor’s groupCode). Replaces the stored list. 409 NO_DEVICE without a device, DEVICE_KIND_MISMATCH when the point’s device is not a duck.',
    params: idParams,
    body: pointChannelGroupBody,
    response: pointConfig,
    errors: [400, 404, 409],
  }),
};

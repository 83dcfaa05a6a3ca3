/**
 * Error codes of the API. Each maps to one HTTP status and one message key; the English message
 * is the one the spec's error catalogue quotes (spec 000 §8, spec 002 §8). Every code is listed in
 * docs/errors.md, and a test fails when one is missing there.
 *
 * Wire format: 400 → `{ errors: [{ msg, param? }] }`; any other status → `{ message, code }`.
 */
export const ERRORS = {
  VALIDATION: { status: 400, message: 'Invalid request' },
  CAPTCHA_MISSING: { status: 400, message: 'Please click the checkbox in reCaptcha' },
  CAPTCHA_INVALID: { status: 400, message: 'Captcha verification failed, please try again' },
  WRONG_CREDENTIALS: { status: 401, message: 'Email or password is incorrect' },
  TOO_MANY_ATTEMPTS: { status: 429, message: 'Too many failed attempts, please try again later' },
  MFA_CODE_INVALID: { status: 401, message: 'The code is incorrect' },
  MFA_EXPIRED: { status: 401, message: 'The code has expired or was already used, please log in again' },
  MFA_TOO_MANY_TRIES: { status: 401, message: 'Too many wrong codes, please log in again' },
  WEAK_PASSWORD: { status: 400, message: 'Weak Password' },
  COMMON_PASSWORD: { status: 400, message: 'This password is too common, please choose another one' },
  PASSWORD_CHANGE_REQUIRED: { status: 403, message: 'Please set a new password first' },
  EMAIL_TAKEN: { status: 409, message: 'A user with this e-mail already exists' },
  USER_NOT_FOUND: { status: 404, message: 'User not found' },
  CANNOT_DELETE_SELF: { status: 409, message: 'You cannot delete your own account' },
  ROLE_NOT_FOUND: { status: 404, message: 'Role not found' },
  ROLE_NAME_TAKEN: { status: 409, message: 'A role with this name already exists' },
  ROLE_IN_USE: { status: 409, message: 'The role is assigned to users; assign them another role first' },
  TELEMETRY_NOT_FOUND: { status: 404, message: 'Telemetry definition not found' },
  TELEMETRY_NAME_TAKEN: { status: 409, message: 'A telemetry with this name already exists' },
  TELEMETRY_BUILT_IN: { status: 409, message: 'Built-in telemetry cannot be deleted; hide it instead' },
  IMAGE_INVALID: { status: 400, message: 'The file is not a supported image' },
  GATEWAY_NOT_FOUND: { status: 404, message: 'Gateway not found' },
  DEVICE_NOT_FOUND: { status: 404, message: 'Device not found' },
  DEVICE_IN_USE: { status: 409, message: 'The device is attached to another point; remove it there first' },
  DEVICE_REGISTERED: { status: 409, message: 'This MAC address is already registered' },
  DEVICE_KIND_MISMATCH: { status: 409, message: 'This type of device cannot be used here' },
  DUCK_NOT_FOUND: { status: 404, message: 'Duck not found' },
  DUCK_NOT_CONFIGURED: { status: 409, message: 'The duck has no sensor channels configured' },
  UNAUTHORIZED: { status: 401, message: 'Unauthorized' },
  FORBIDDEN: { status: 403, message: 'Access Denied' },
  NOT_FOUND: { status: 404, message: 'Not found' },
  CUSTOMER_NOT_FOUND: { status: 404, message: 'Customer not found' },
  MEASUREMENT_NOT_FOUND: { status: 404, message: 'Measurement not found' },
  POINT_NOT_FOUND: { status: 404, message: 'Point not found' },
  GROUP_NOT_FOUND: { status: 404, message: 'Group not found' },
  TAG_CODE_TAKEN: { status: 409, message: 'This tag code is already in use' },
  GROUP_HAS_GROUPS: { status: 409, message: 'A group that contains groups cannot contain points' },
  GROUP_HAS_POINTS: { status: 409, message: 'A group that contains points cannot contain groups' },
  GROUP_NOT_EMPTY: { status: 409, message: 'A group with children cannot be deleted' },
  ROOT_GROUP_LOCKED: { status: 409, message: 'The root group cannot be edited, deleted or given points' },
  TREE_CYCLE: { status: 409, message: 'A group cannot be moved into itself or into one of its sub-groups' },
  ROUTE_NOT_FOUND: { status: 404, message: 'Route not found' },
  BEARING_NOT_FOUND: { status: 404, message: 'Bearing not found' },
  TRIGGER_NOT_FOUND: { status: 404, message: 'Trigger device not found' },
  NO_DEVICE: { status: 409, message: 'No sensor is attached to this point' },
  DEVICE_NOT_ON_POINT: { status: 409, message: 'The sensor is not attached to a point; attach it to a point first' },
  NO_ROUTING: { status: 409, message: 'No suitable Senseway found to reach the target device' },
  SIGNAL_TOO_SHORT: { status: 422, message: 'The signal needs at least 2 samples' },
  PAYLOAD_TOO_LARGE: { status: 413, message: 'Too many data points, use the download button' },
  BROKER_UNAVAILABLE: { status: 503, message: 'The measurement broker is not reachable' },
  NOT_IMPLEMENTED: { status: 501, message: 'Not yet available' },
  INTERNAL: { status: 500, message: 'An error has occurred' },
} as const satisfies Record<string, { status: number; message: string }>;

export type ErrorCode = keyof typeof ERRORS;
export const ERROR_CODES = Object.keys(ERRORS) as ErrorCode[];

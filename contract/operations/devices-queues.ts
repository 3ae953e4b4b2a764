/** Push devices and event queues: contract Endpoints 17–20. */
import { defineOperation, optionalParam, required } from '../operation.ts';
import type { Limit } from '../shapes.ts';
import { str } from '../shapes.ts';

/** The contract gives no bounds on a token's length, only that an empty one (or one of invalid length) is refused. */
const tokenLimits: readonly Limit[] = [
  { measure: 'length', min: 1, beyond: 'refuse', code: 'BAD_REQUEST', note: 'other bounds not shown' },
];

/** 17. Add an APNs device token: POST /users/me/apns_device_token (deprecated, level 406) */
export const addApnsToken = defineOperation({
  n: 17,
  clauses: 'PUSH-ADD',
  title: 'Add an APNs device token',
  method: 'POST',
  path: '/users/me/apns_device_token',
  auth: 'basic',
  deprecated: 406,
  params: [
    required('token', str(), { limits: tokenLimits }),
    required('appid', str(), { requiredSince: 223, note: 'the app making the request (optional before level 223)' }),
  ],
  success: {},
  errors: [{ code: 'BAD_REQUEST', when: 'an empty, invalid-length or invalid token' }],
});

/** 18. Remove an APNs device token: DELETE /users/me/apns_device_token (deprecated, level 406) */
export const removeApnsToken = defineOperation({
  n: 18,
  clauses: 'PUSH-REMOVE',
  title: 'Remove an APNs device token',
  method: 'DELETE',
  path: '/users/me/apns_device_token',
  auth: 'basic',
  deprecated: 406,
  params: [required('token', str(), { limits: tokenLimits })],
  success: {},
  errors: [{ code: 'BAD_REQUEST', when: 'an empty or invalid-length token, or one that does not exist' }],
});

/** 19. Send a test notification to mobile devices: POST /mobile_push/test_notification (deprecated, level 420) */
export const testPushNotification = defineOperation({
  n: 19,
  clauses: 'PUSH-TEST',
  title: 'Send a test notification to mobile devices',
  method: 'POST',
  path: '/mobile_push/test_notification',
  auth: 'basic',
  since: 217,
  sinceFrom: 'zulip',
  deprecated: 420,
  params: [optionalParam('token', str(), { note: "one device's token; absent: all the user's devices" })],
  success: {},
  errors: [
    { code: 'INVALID_PUSH_DEVICE_TOKEN', when: 'the server does not know the device' },
    { code: 'INVALID_REMOTE_PUSH_DEVICE_TOKEN', when: 'the push notification bouncer does not know the device' },
  ],
});

/** 20. Delete an event queue: DELETE /events */
export const deleteQueue = defineOperation({
  n: 20,
  clauses: 'QUEUE-DELETE',
  title: 'Delete an event queue',
  method: 'DELETE',
  path: '/events',
  auth: 'basic',
  params: [required('queue_id', str(), { note: 'from a queue registration' })],
  success: {},
  errors: [{ code: 'BAD_EVENT_QUEUE_ID', when: 'the queue does not exist or was already deleted' }],
});

export const deviceAndQueueOperations = [addApnsToken, removeApnsToken, testPushNotification, deleteQueue] as const;

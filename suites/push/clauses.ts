/** The push area's clauses, by the suite file that checks them. Ids are pinned in fixtures/clause-ids.json. */
import { defineArea } from '../../helpers/clauses/area.ts';

export const clauses = defineArea('push', {
  'post-users-me-apns_device_token.test.ts': [
    {
      id: 'PUSH-ADD-001',
      exercisesOperation: true,
      level: 'MUST',
      title: 'register an APNs device token given with its appid, so that it can then be removed',
      section: '17. Add an APNs device token',
      endpoint: 'POST /users/me/apns_device_token',
      deprecatedAt: 406,
    },
    {
      id: 'PUSH-ADD-002',
      level: 'MUST',
      title: 'refuse an empty APNs token with BAD_REQUEST',
      section: '17. Add an APNs device token; Errors',
      endpoint: 'POST /users/me/apns_device_token',
      deprecatedAt: 406,
    },
    {
      id: 'PUSH-ADD-003',
      level: 'SHOULD',
      title: 'refuse an APNs token of 64 KiB (an invalid length for any device token) with BAD_REQUEST',
      section: '17. Add an APNs device token; Limits',
      endpoint: 'POST /users/me/apns_device_token',
      deprecatedAt: 406,
    },
    {
      id: 'PUSH-ADD-004',
      level: 'MUST',
      title: 'refuse an APNs token given without the required appid',
      section: '17. Add an APNs device token',
      endpoint: 'POST /users/me/apns_device_token',
      since: 223,
      deprecatedAt: 406,
    },
  ],
  'delete-users-me-apns_device_token.test.ts': [
    {
      id: 'PUSH-REMOVE-001',
      exercisesOperation: true,
      level: 'MUST',
      title: 'remove a registered APNs token, so that removing it again is refused with BAD_REQUEST',
      section: '18. Remove an APNs device token; Errors',
      endpoint: 'DELETE /users/me/apns_device_token',
      deprecatedAt: 406,
    },
    {
      id: 'PUSH-REMOVE-002',
      level: 'MUST',
      title: 'refuse removing an APNs token that was never registered with BAD_REQUEST',
      section: '18. Remove an APNs device token; Errors',
      endpoint: 'DELETE /users/me/apns_device_token',
      deprecatedAt: 406,
    },
    {
      id: 'PUSH-REMOVE-003',
      level: 'MUST',
      title: 'refuse removing an empty APNs token with BAD_REQUEST',
      section: '18. Remove an APNs device token; Errors',
      endpoint: 'DELETE /users/me/apns_device_token',
      deprecatedAt: 406,
    },
  ],
  'post-mobile_push-test_notification.test.ts': [
    {
      id: 'PUSH-TEST-001',
      exercisesOperation: true,
      level: 'MUST',
      title: 'answer a test notification to a token the server does not know with INVALID_PUSH_DEVICE_TOKEN',
      section: '19. Send a test notification to mobile devices; Errors',
      endpoint: 'POST /mobile_push/test_notification',
      since: 217,
      deprecatedAt: 420,
    },
    {
      id: 'PUSH-TEST-002',
      level: 'MUST',
      title:
        'recognize a registered token in a test notification: success, or INVALID_REMOTE_PUSH_DEVICE_TOKEN when the push service does not know it',
      section: '19. Send a test notification to mobile devices; Errors',
      endpoint: 'POST /mobile_push/test_notification',
      since: 217,
      deprecatedAt: 420,
    },
  ],
});

// The run's part of the realm as a state machine, one resource at a time — contract: States and transitions, the
// resources' operations and Events. Each resource has a model (suites/explore/realm/<resource>/), one small file per
// command, and a frame: after every step, everything the step could have disturbed is read back through the read
// operations and compared with the model, in the server's own order. Each run walks a sequence covering every ordered
// pair of the resource's command kinds (helpers/checks/pairs.ts), then, beyond the quick profile, random sequences on top; the
// report's note counts the pairs covered and names any left out with why. A departure fails the resource's clause,
// shrunk, as numbered steps each with its curl line. Servers break most often between operations (a state kept or
// lost across them), where no single-operation clause looks.
import { checksIn } from '../../helpers/checks/check.ts';
import { draftsResource } from './realm/drafts/resource.ts';
import { explore } from './realm/explore.ts';
import { groupsResource } from './realm/groups/resource.ts';
import { pushResource } from './realm/push/resource.ts';
import { queuesResource } from './realm/queues/resource.ts';

const { group, check } = checksIn(import.meta.url);

group('the realm (model-based sequences)', () => {
  check(
    'EXPLORE-008',
    "MUST after any sequence of draft creations (one or a batch), edits and deletions, list exactly the user's drafts that exist, each under the id its creation answered and as last written, and none deleted",
    {
      section: 'Resources (Draft); 10. Create drafts; 11. Get drafts; States and transitions',
      endpoint: 'POST /drafts',
    },
    (ctx) => explore(ctx, draftsResource(ctx)),
  );
  check(
    'EXPLORE-009',
    'MUST after any sequence of APNs token additions and removals, recognize in a test notification exactly the tokens registered and not removed since: a removal removes its token alone, and a token removed and added again is registered',
    {
      section: '17. Add an APNs device token; 18. Remove an APNs device token; 19. Send a test notification',
      endpoint: 'POST /users/me/apns_device_token',
      // The frame asks a test notification of each token (operation 19, from level 217).
      since: 217,
      deprecatedAt: 406,
    },
    (ctx) => explore(ctx, pushResource(ctx)),
  );
  check(
    'EXPLORE-010',
    "MUST after any sequence of queue registrations, deletions and sends, delete exactly the queue named (refusing it with BAD_EVENT_QUEUE_ID from then on, the user's other queues live) and deliver local_message_id to the queue named by queue_id",
    {
      section: '20. Delete an event queue; 1. Send a message (queue_id, local_id); Events',
      endpoint: 'DELETE /events',
    },
    (ctx) => explore(ctx, queuesResource(ctx)),
  );
  check(
    'EXPLORE-013',
    'MUST after any sequence of group creations (naming another group in a setting or not), subgroup additions and removals and deactivations, deactivate a group exactly when no active group has it as a subgroup or names it in a setting (refusing it with CANNOT_DEACTIVATE_GROUP_IN_USE while one does), refuse a deactivated group in a setting, and list each group deactivated exactly from its deactivation on',
    {
      section: 'States and transitions (user group active → deactivated); 16. Deactivate a user group; Errors',
      endpoint: 'POST /user_groups/{user_group_id}/deactivate',
      // CANNOT_DEACTIVATE_GROUP_IN_USE, which its refusals are judged by, dates from level 298.
      since: 298,
    },
    (ctx) => explore(ctx, groupsResource(ctx)),
  );
});

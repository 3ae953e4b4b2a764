// The realm's state that is not one user's own, as state machines (as realm-sequences.model.ts, whose header says
// how): the custom profile fields and the profile summary's slots, which every check and every run on the server
// share, and a user's subscriptions to the run's channels, with what each subscription lets the user see. Each
// resource has its model (suites/explore/realm/<resource>/), one small file per command, and a frame read back
// after every step.
import { checksIn } from '../../helpers/checks/check.ts';
import { sharesState } from '../../helpers/checks/shared-state.ts';
import { explore } from './realm/explore.ts';
import { profileFieldsResource } from './realm/profile-fields/resource.ts';
import { subscriptionsResource } from './realm/subscriptions/resource.ts';

const { group, check } = checksIn(import.meta.url);

group('the realm, shared (model-based sequences)', () => {
  // The profile summary's slots are realm-wide: another run on the server must not take or free one meanwhile.
  sharesState('profile-fields', { from: (id) => id === 'EXPLORE-011' });

  check(
    'EXPLORE-011',
    "MUST after any sequence of custom profile field creations (shown in the profile summary or not) and deletions, accept a summary field exactly while fewer than 2 of the organization's fields show in the summary (a deleted one freeing its slot), and list each field that exists with its summary flag as created",
    {
      section: '7. Create a custom profile field; Limits (display_in_profile_summary)',
      endpoint: 'POST /realm/profile_fields',
      since: 146,
    },
    (ctx) => explore(ctx, profileFieldsResource(ctx)),
  );
  check(
    'EXPLORE-012',
    "MUST after any sequence of joins and leaves, and of an administrator's subscribing and unsubscribing the user, list among the user's subscriptions exactly the channels it is subscribed to, and list a private channel in GET /streams only while the user is subscribed",
    {
      section: '13. Get all channels; 14. Get subscribed channels',
      endpoint: 'GET /users/me/subscriptions',
    },
    (ctx) => explore(ctx, subscriptionsResource(ctx)),
  );
});

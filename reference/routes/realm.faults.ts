/**
 * Faults of realm settings: `PATCH /realm` and its event (EDIT-EVENT-*), beside realm.ts. Each breaks one clause; its
 * switch sits in the code it breaks (search for its id). reference/faults.ts assembles every area's faults into the one
 * catalogue.
 */
import type { FaultCatalogue } from '../faults.ts';

export const REALM_FAULTS = {
  'edit-realm-event-op-update': {
    clause: 'EDIT-EVENT-001',
    description:
      'A change of allow_message_editing or message_content_edit_limit_seconds is announced as a realm event with op "update" (one per setting, property and value), not "update_dict".',
  },
  'edit-realm-event-limit-rounded': {
    clause: 'EDIT-EVENT-001',
    description:
      'The update_dict event announces message_content_edit_limit_seconds rounded down to whole minutes (what a settings page in minutes shows), not the value set; a check that sets whole hours cannot tell.',
  },
} as const satisfies FaultCatalogue;

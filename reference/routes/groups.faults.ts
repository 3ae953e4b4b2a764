/**
 * Faults of user groups: `POST /user_groups/{id}/deactivate` (GROUP-DEACTIVATE-*), beside groups.ts. Each breaks one
 * clause; its switch sits in the code it breaks (search for its id). reference/faults.ts assembles every area's faults
 * into the one catalogue.
 */
import type { FaultCatalogue } from '../faults.ts';

export const GROUPS_FAULTS = {
  'group-deactivate-noop': {
    clause: 'GROUP-DEACTIVATE-001',
    description: 'Deactivating a group answers success but the group stays active.',
    alsoBreaks: ['GROUP-DEACTIVATE-006', 'EXPLORE-013'],
  },
  'group-in-use-deactivated': {
    clause: 'GROUP-DEACTIVATE-002',
    description: 'A group used in a realm, channel or group setting is deactivated anyway.',
    alsoBreaks: ['GROUP-DEACTIVATE-004', 'GROUP-DEACTIVATE-007', 'EXPLORE-013'],
  },
  'group-realm-use-overlooked': {
    clause: 'GROUP-DEACTIVATE-007',
    description: 'A group used only in a realm setting is deactivated anyway (channel and group settings still count).',
  },
  'group-subgroup-deactivated': {
    clause: 'GROUP-DEACTIVATE-003',
    description: 'A group that is a subgroup of an active group is deactivated anyway.',
    alsoBreaks: ['GROUP-DEACTIVATE-004'],
  },
  'group-objections-without-settings': {
    clause: 'GROUP-DEACTIVATE-004',
    description: 'CANNOT_DEACTIVATE_GROUP_IN_USE objections carry no settings.',
    alsoBreaks: ['GROUP-DEACTIVATE-007', 'RESP-GROUP-DEACTIVATE-001'],
  },
  'group-subgroup-objection-without-settings': {
    clause: 'GROUP-DEACTIVATE-004',
    description: 'The objection to deactivating a subgroup of an active group carries no settings (as Zulip does).',
    alsoBreaks: ['RESP-GROUP-DEACTIVATE-001'],
  },
  'group-unknown-id-succeeds': {
    clause: 'GROUP-DEACTIVATE-005',
    description: 'Deactivating an unknown group id succeeds.',
  },
  'group-deactivated-usable': {
    clause: 'GROUP-DEACTIVATE-006',
    description: 'A deactivated group can still be named in a group setting.',
    alsoBreaks: ['EXPLORE-013'],
  },
  'sequence-group-unnested-still-in-use': {
    clause: 'EXPLORE-013',
    description:
      'A group removed as a subgroup still counts as used by its former supergroup: deactivating it is refused.',
  },
  'sequence-group-renest-forgotten': {
    clause: 'EXPLORE-013',
    description:
      'Adding again a subgroup removed before answers success but is not kept: the group can then be deactivated.',
  },
  'sequence-group-unnest-drops-setting-use': {
    clause: 'EXPLORE-013',
    description:
      "A group removed as a subgroup loses its uses in other groups' settings too: deactivating it then succeeds.",
  },
  'sequence-group-once-nested-nameable': {
    clause: 'EXPLORE-013',
    description: 'A group once added as a subgroup is still accepted in a group setting after its deactivation.',
  },
} as const satisfies FaultCatalogue;

/** Drafts: contract Endpoints 10 and 11 (Zulip has them from feature level 87). */
import { defineOperation, optionalParam } from '../operation.ts';
import { Draft, DraftInput } from '../resources.ts';
import { always, int, list } from '../shapes.ts';

/** 10. Create drafts: POST /drafts */
export const createDrafts = defineOperation({
  n: 10,
  clauses: 'DRAFTS-CREATE',
  title: 'Create drafts',
  method: 'POST',
  path: '/drafts',
  auth: 'basic',
  since: 87,
  sinceFrom: 'zulip',
  params: [optionalParam('drafts', list(DraftInput), { note: 'each a Draft without id' })],
  success: { ids: always(list(int()), { note: 'the new ids, in submission order' }) },
  errors: [{ code: 'BAD_REQUEST', when: 'a channel draft does not name exactly one channel' }],
  note: "a drafts event reaches the user's other clients",
});

/** 11. Get drafts: GET /drafts */
export const getDrafts = defineOperation({
  n: 11,
  clauses: 'DRAFTS-LIST',
  title: 'Get drafts',
  method: 'GET',
  path: '/drafts',
  auth: 'basic',
  since: 87,
  sinceFrom: 'zulip',
  params: [],
  success: {
    count: always(int(), { note: 'the length of drafts' }),
    drafts: always(list(Draft), { note: 'most recently edited first' }),
  },
  errors: [],
});

export const draftOperations = [createDrafts, getDrafts] as const;

import type { Clause } from '../types.ts';

const TYPING = '4. Set typing status';

export const typingClauses: readonly Clause[] = [
  {
    id: 'TYPING-001',
    level: 'MUST',
    title: 'refuse a typing notification without op, or with an op other than start or stop',
    section: TYPING,
    endpoint: 'POST /typing',
  },
  {
    id: 'TYPING-002',
    level: 'MUST',
    title: 'treat a typing notification without type as direct, to the JSON list of user IDs in to',
    section: TYPING,
    endpoint: 'POST /typing',
  },
  {
    id: 'TYPING-003',
    level: 'MUST',
    title: 'refuse channel typing without stream_id with BAD_REQUEST',
    section: `${TYPING}; Errors`,
    endpoint: 'POST /typing',
    since: 215,
  },
  {
    id: 'TYPING-004',
    level: 'MUST',
    title: 'refuse type "private"',
    section: `${TYPING}; Versioning`,
    endpoint: 'POST /typing',
    since: 215,
  },
  {
    id: 'TYPING-005',
    level: 'MUST',
    title: 'deliver typing start and stop events to the recipients of a direct typing notification',
    section: `${TYPING}; Events`,
    endpoint: 'POST /typing',
  },
  {
    id: 'TYPING-006',
    level: 'MUST',
    title: 'deliver channel typing events to subscribers whose queues declared stream_typing_notifications',
    section: `${TYPING}; Events`,
    endpoint: 'POST /typing',
    since: 215,
  },
];

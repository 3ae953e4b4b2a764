import type { Clause } from '../types.ts';

export const topicClauses: readonly Clause[] = [
  {
    id: 'TOPIC-RULE-001',
    level: 'MUST',
    title:
      "decide channel messages by the topic rule and the channel's topics_policy, storing every spelling of the empty topic alike",
    section: 'Conventions; 1. Send a message; Limits',
    endpoint: 'POST /messages',
    since: 392,
  },
  {
    id: 'TOPIC-RULE-002',
    level: 'MUST',
    title: 'read the topic "(no topic)" as the empty topic',
    section: 'Conventions; 1. Send a message; Versioning',
    endpoint: 'POST /messages',
    since: 392,
  },
  {
    id: 'TOPIC-RULE-003',
    level: 'MUST',
    title: "decide scheduled channel messages by the topic rule and the channel's topics_policy",
    section: 'Conventions; 2. Create a scheduled message; Limits',
    endpoint: 'POST /scheduled_messages',
    since: 392,
  },
  {
    id: 'TOPIC-RULE-004',
    level: 'MUST',
    title: 'read the empty-topic display name and "(no topic)" as the empty topic in channel typing notifications',
    section: 'Conventions; 4. Set typing status',
    endpoint: 'POST /typing',
    since: 372,
  },
];

/** The accounts the suite acts through (see README, "Accounts"). One persona per role. */
export const ROLES = ['owner', 'admin', 'moderator', 'member', 'member2', 'guest', 'bot'] as const;
export type Role = (typeof ROLES)[number];

/** The prefix of the `.env` variables of each role, e.g. `MEMBER2` → `MEMBER2_EMAIL`. */
export const ROLE_ENV_PREFIX: Record<Role, string> = {
  owner: 'OWNER',
  admin: 'ADMIN',
  moderator: 'MODERATOR',
  member: 'MEMBER',
  member2: 'MEMBER2',
  guest: 'GUEST',
  bot: 'BOT',
};

/** The route table of the reference server (paths relative to /api/v1). */
import type { Route } from '../core/context.ts';
import { authRoutes } from './auth.ts';
import { channelRoutes } from './channels.ts';
import { draftRoutes } from './drafts.ts';
import { editRoutes } from './edit.ts';
import { groupRoutes } from './groups.ts';
import { messageRoutes } from './messages.ts';
import { muteRoutes } from './mute.ts';
import { profileFieldRoutes } from './profile-fields.ts';
import { pushRoutes } from './push.ts';
import { realmRoutes } from './realm.ts';
import { registerRoutes } from './register.ts';
import { scheduledRoutes } from './scheduled.ts';
import { streamRoutes } from './streams.ts';
import { typingRoutes } from './typing.ts';
import { uploadRoutes } from './uploads.ts';
import { userRoutes } from './users.ts';

export const ROUTES: readonly Route[] = [
  ...authRoutes,
  ...registerRoutes,
  ...draftRoutes,
  ...userRoutes,
  ...channelRoutes,
  ...muteRoutes,
  ...profileFieldRoutes,
  ...groupRoutes,
  ...pushRoutes,
  ...messageRoutes,
  ...editRoutes,
  ...realmRoutes,
  ...uploadRoutes,
  ...scheduledRoutes,
  ...typingRoutes,
  ...streamRoutes,
];

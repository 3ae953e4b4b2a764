/**
 * POST /user_uploads (a multipart file → its URL) and DELETE /attachments/{attachment_id}: the files an edit may
 * detach (contract: Resources › Attachment; 3. Edit a message, `detached_uploads`).
 */
import { randomBytes } from 'node:crypto';
import type { Context, Fields, Route } from '../core/context.ts';
import { badRequest, notFound } from '../core/errors.ts';
import type { Attachment, Message } from '../core/model.ts';
import type { Store } from '../core/store.ts';

export const uploadUrl = (a: Attachment) => `/user_uploads/${a.pathId}`;

const references = (message: Message, a: Attachment) => message.content.includes(uploadUrl(a));

/** The attachment object of the contract: `message_ids` are the messages whose content links the file. */
export function attachmentDict(store: Store, a: Attachment): Fields {
  const messageIds = [...store.messages.values()].filter((m) => references(m, a)).map((m) => m.id);
  return {
    id: a.id,
    name: a.name,
    path_id: a.pathId,
    size: a.size,
    create_time: a.createTime,
    message_ids: messageIds,
  };
}

/** How a faulty server may misjudge which files an edit detached. */
export interface DetachFaults {
  /** Fault `edit-detached-upload-any-owner`: other users' files too. */
  anyOwner?: boolean;
  /** Fault `edit-detached-upload-other-links-ignored`: only these messages' links count (the edited one). */
  linking?: readonly Message[];
}

/** The caller's files that `before` linked and that no message links any more. */
export function detachedBy(store: Store, userId: number, before: string, faulty: DetachFaults = {}): Fields[] {
  const linking = faulty.linking ?? [...store.messages.values()];
  return [...store.attachments.values()]
    .filter((a) => (faulty.anyOwner || a.ownerId === userId) && before.includes(uploadUrl(a)))
    .filter((a) => !linking.some((m) => references(m, a)))
    .map((a) => attachmentDict(store, a));
}

function upload({ params, store, user }: Context): Fields {
  const files = params.files();
  if (files.length !== 1)
    throw badRequest(files.length === 0 ? 'You must specify a file.' : 'You may only upload one file at a time');
  const { name, content } = files[0]!;
  const safe = name.replace(/[^\w.-]+/g, '_') || 'file';
  const attachment: Attachment = {
    id: store.nextId('attachment'),
    ownerId: user.id,
    name,
    pathId: `2/${randomBytes(6).toString('hex')}/${safe}`,
    size: Buffer.byteLength(content),
    createTime: store.nowSeconds(),
  };
  store.attachments.set(attachment.id, attachment);
  const url = uploadUrl(attachment);
  return { uri: url, url, filename: name };
}

function deleteAttachment({ path, store, user }: Context): Fields {
  const attachment = store.attachments.get(path.attachment_id!);
  if (!attachment || attachment.ownerId !== user.id) throw notFound('Invalid attachment');
  store.attachments.delete(attachment.id);
  return {};
}

export const uploadRoutes: readonly Route[] = [
  { method: 'POST', path: '/user_uploads', handler: upload },
  { method: 'DELETE', path: '/attachments/{attachment_id}', handler: deleteAttachment },
];

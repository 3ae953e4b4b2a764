// PATCH /messages/{message_id}: content edits — contract: 3. Edit a message (content, propagate_mode,
// prev_content_sha256, stream_id, the realm setting allow_message_editing, the response's detached_uploads),
// Errors (BAD_REQUEST: no permission to edit), Resources › Attachment. Every content edit of the slice lives in this
// file, so that EDIT-CONTENT-005 (editing disabled realm-wide) never overlaps another check's content edit.
import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { checksIn } from '../../helpers/checks/check.ts';
import { registerQueue, waitForEvents } from '../../helpers/checks/events.ts';
import { directType } from '../../helpers/checks/feature-levels.ts';
import { expectError, expectErrorEnvelope, expectSuccess, fail, isInt } from '../../helpers/checks/matchers.ts';
import { sharesState } from '../../helpers/checks/shared-state.ts';
import type { Role } from '../../helpers/roles.ts';
import { attachmentProblem, mustUpload } from './attachment.ts';
import { edit, editUntilRefused, holdTurns, QUIET, setRealm, shortestWorkingLimit } from './edit.ts';
import {
  contentOf,
  contentProblem,
  maxMessageLength,
  mustSend,
  readMessage,
  sharedChannel,
  sharedChannelPair,
} from './messages.ts';

const { group, check } = checksIn(import.meta.url);

/** Whether an event payload holds `name` with `value` at any depth: the contract leaves the payload's shape open. */
function carries(payload: unknown, name: string, value: unknown): boolean {
  if (typeof payload !== 'object' || payload === null) return false;
  return Object.entries(payload).some(([key, v]) => (key === name && v === value) || carries(v, name, value));
}

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/**
 * An edit limit (1 to 24 hours) drawn from a name no other run or check uses, and never whole minutes: another
 * change of the setting (another run's, a settings page's) is not likely to announce it too.
 */
function limitOnlyThisSets(name: string, current: unknown): number {
  const draw = Number.parseInt(sha256(name).slice(0, 8), 16);
  const limit = 3600 + 60 * (draw % 1380) + 1 + (draw % 58);
  return limit === current ? limit + 1 : limit;
}

/**
 * A channel message of the sender's own (the member unless told) in the run's shared channel, to which every account
 * is subscribed: a sender need not be subscribed to post to a public channel, but the contract does not say so.
 */
async function ownMessage(
  ctx: Parameters<typeof contentOf>[0],
  what: string,
  sender: Role = 'member',
): Promise<number> {
  const topic = ctx.unique('edit');
  const channel = await sharedChannel(ctx);
  return mustSend(ctx, sender, { type: 'stream', to: channel.id, topic, content: contentOf(ctx, what) });
}

/** Content the contract lets a server store as given: no surrounding whitespace, no control characters. */
const plainContent = fc
  .string({ unit: 'grapheme', minLength: 1, maxLength: 40 })
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what we leave out
  .filter((s) => s.trim() === s && s !== '' && !/[\u0000-\u001f\u007f-\u009f]/.test(s));

group('PATCH /messages/{message_id}: content', () => {
  sharesState('realm-edit-settings');

  // First of the file: it waits out the target's grace on the content limit (real Zulip: 20 s), while the topic
  // sequences (EXPLORE-*) hold allow_message_editing, which EDIT-CONTENT-005 and EDIT-EVENT-001 change. After them,
  // the file's chain would be the sequences' hold and then this wait.
  check(
    'EDIT-CONTENT-007',
    'MUST refuse content edits once the message is older than message_content_edit_limit_seconds',
    { section: '3. Edit a message; Limits' },
    async (ctx) => {
      // The target's grace on the limit is unknown (real Zulip adds 20 s): the message is edited from the limit on until
      // the target refuses, within a bounded wait; a message sent then must still be editable. The least limit the
      // realm allows (1 s) first; 3 s when the first edit cannot happen inside it (a slow or pacing target).
      await shortestWorkingLimit(ctx, [1, 3], async (limit, longest) => {
        await setRealm(ctx, { message_content_edit_limit_seconds: limit });
        const send = () => ownMessage(ctx, 'soon too old');
        const { id, last, refusal, afterS } = await editUntilRefused(ctx, send, { limit, longest });
        ctx.note(`content edits were refused ${afterS.toFixed(1)} s after the message was sent (limit ${limit} s)`);
        expectErrorEnvelope(refusal, 'a content edit after message_content_edit_limit_seconds');
        const stored = (await readMessage(ctx, 'member', id)).content;
        if (stored !== last) fail(refusal, `the refused edit changed the content to ${JSON.stringify(stored)}`);
      });
    },
  );

  check(
    'EDIT-CONTENT-001',
    "MUST store the new content of a content edit by the message's sender",
    { section: '3. Edit a message', exercisesOperation: true },
    async (ctx) => {
      // Any person may edit its own message alike (no role's policy is under test): whoever has budget.
      const sender = ctx.someone('person');
      const id = await ownMessage(ctx, 'before edit', sender);
      await fc.assert(
        fc.asyncProperty(plainContent, async (text) => {
          const content = contentOf(ctx, text);
          expectSuccess(
            await edit(ctx, sender, id, { content }),
            `an edit of the sender's own message to ${JSON.stringify(content)}`,
          );
          const stored = (await readMessage(ctx, sender, id)).content;
          if (stored !== content)
            fail(undefined, `wanted content ${JSON.stringify(content)} stored; read back ${JSON.stringify(stored)}`);
        }),
        { ...ctx.property({ numRuns: Math.min(ctx.property().numRuns, 10) }) },
      );
      // Content edits are not only for channel messages (topic and stream_id are): a direct message's too.
      const direct = await mustSend(ctx, sender, {
        type: directType(ctx),
        to: [ctx.account('member').userId],
        content: contentOf(ctx, 'a direct message before edit'),
      });
      const content = contentOf(ctx, 'a direct message after edit');
      const res = await edit(ctx, sender, direct, { content });
      expectSuccess(res, "an edit of the content of the sender's own direct message");
      const stored = (await readMessage(ctx, sender, direct)).content;
      if (stored !== content)
        fail(
          res,
          `wanted the direct message's content ${JSON.stringify(content)}; read back ${JSON.stringify(stored)}`,
        );
    },
  );

  check(
    'EDIT-CONTENT-002',
    'MUST refuse propagate_mode change_later and change_all when only the content is edited',
    { section: '3. Edit a message' },
    async (ctx) => {
      const sender = ctx.someone('person');
      const id = await ownMessage(ctx, 'content only', sender);
      for (const propagate_mode of ['change_later', 'change_all']) {
        const res = await edit(ctx, sender, id, { content: contentOf(ctx, propagate_mode), propagate_mode });
        expectErrorEnvelope(res, `a content-only edit with propagate_mode ${propagate_mode}`);
      }
      expectSuccess(
        await edit(ctx, sender, id, { content: contentOf(ctx, 'change_one'), propagate_mode: 'change_one' }),
        'a content-only edit with propagate_mode change_one',
      );
    },
  );

  check(
    'EDIT-CONTENT-003',
    'MUST refuse an edit that sends both content and stream_id',
    { section: '3. Edit a message' },
    async (ctx) => {
      const [from, to] = await sharedChannelPair(ctx);
      const sender = ctx.someone('person');
      const id = await ownMessage(ctx, 'content and channel', sender);
      const res = await edit(ctx, sender, id, { content: contentOf(ctx, 'moved'), stream_id: to.id, ...QUIET });
      expectErrorEnvelope(res, 'an edit with both content and stream_id');
      const stored = await readMessage(ctx, sender, id);
      if (stored.stream_id !== from.id) fail(res, `the refused edit moved the message to channel ${stored.stream_id}`);
    },
  );

  check(
    'EDIT-CONTENT-004',
    "MUST refuse with BAD_REQUEST a member's edit of the content of another user's message",
    { section: '3. Edit a message; Errors' },
    async (ctx) => {
      // A member edits; the message is any other person's (whoever has budget).
      const editor = ctx.someone('either member');
      const sender = ctx.someone('person', { besides: [editor] });
      const id = await ownMessage(ctx, "another user's own words", sender);
      const res = await edit(ctx, editor, id, { content: contentOf(ctx, 'not yours') });
      expectError(res, 'BAD_REQUEST', "a member's edit of another user's message's content");
      const stored = (await readMessage(ctx, sender, id)).content;
      if (stored !== contentOf(ctx, "another user's own words"))
        fail(res, `the refused edit changed the content to ${JSON.stringify(stored)}`);
    },
  );

  check(
    'EDIT-CONTENT-005',
    'MUST refuse content edits while the realm setting allow_message_editing is false',
    { section: '3. Edit a message' },
    async (ctx) => {
      const id = await ownMessage(ctx, 'editing disabled');
      await setRealm(ctx, { allow_message_editing: false });
      const res = await edit(ctx, 'member', id, { content: contentOf(ctx, 'edited anyway') });
      expectErrorEnvelope(res, 'a content edit while allow_message_editing is false');
      const stored = (await readMessage(ctx, 'member', id)).content;
      if (stored !== contentOf(ctx, 'editing disabled')) fail(res, `the refused edit stored ${JSON.stringify(stored)}`);
    },
  );

  check(
    'EDIT-EVENT-001',
    'MUST announce a change of allow_message_editing or message_content_edit_limit_seconds with a realm update_dict event that carries the new value',
    { section: 'Events; 3. Edit a message' },
    async (ctx) => {
      // Values other than the run's: setting a value the realm already has may rightly announce nothing. The limit
      // is one only this check sets (drawn from its unique name, never whole minutes): an event carrying it was
      // caused by this request. The boolean has two values only: the check holds its turn on both settings (and the
      // run its lease on them) before its queue exists, so that no other check's change of them reaches the queue.
      const raw = ctx.world.realm.raw;
      const changes: Record<string, boolean | number> = {
        allow_message_editing: raw.realm_allow_message_editing === false,
        message_content_edit_limit_seconds: limitOnlyThisSets(
          ctx.unique('limit'),
          raw.realm_message_content_edit_limit_seconds,
        ),
      };
      await holdTurns(ctx, Object.keys(changes));
      // Any account's queue receives realm events: a peer member's.
      const queue = await registerQueue(ctx, ctx.someone('peer member'), { event_types: ['realm'] });
      await setRealm(ctx, changes);
      const announced = new Set<string>();
      const events = await waitForEvents(ctx, queue, (e) => {
        if (e?.type !== 'realm' || e?.op !== 'update_dict') return false;
        for (const [name, value] of Object.entries(changes)) if (carries(e, name, value)) announced.add(name);
        return announced.size === Object.keys(changes).length;
      });
      const missing = Object.entries(changes).filter(([name]) => !announced.has(name));
      const realm = events.filter((e) => e?.type === 'realm');
      if (missing.length > 0) {
        fail(
          undefined,
          `wanted a realm update_dict event carrying ${missing.map(([n, v]) => `${n} = ${v}`).join(' and ')}; the queue got ${realm.length} realm event(s): ${JSON.stringify(realm).slice(0, 300)}`,
        );
      }
      // Beyond the values, the payload's shape is not shown: recorded, not judged.
      ctx.note(`realm events: ${JSON.stringify(realm).slice(0, 300)}`);
    },
  );

  check(
    'EDIT-CONTENT-006',
    'MUST accept prev_content_sha256 equal to the hash of the stored content and refuse any other value',
    { section: '3. Edit a message; Versioning', since: 379 },
    async (ctx) => {
      const first = contentOf(ctx, 'seen by the client');
      const sender = ctx.someone('person');
      const id = await ownMessage(ctx, 'seen by the client', sender);
      const second = contentOf(ctx, 'second version');
      const ok = await edit(ctx, sender, id, { content: second, prev_content_sha256: sha256(first) });
      expectSuccess(ok, 'an edit whose prev_content_sha256 is the hash of the stored content');
      // The client's view is now stale: the hash of the first version no longer matches, nor does an unrelated one.
      for (const [hash, what] of [
        [sha256(first), 'the hash of content since replaced'],
        [sha256(contentOf(ctx, 'never stored')), 'the hash of content never stored'],
      ] as const) {
        const res = await edit(ctx, sender, id, { content: contentOf(ctx, 'conflict'), prev_content_sha256: hash });
        expectErrorEnvelope(res, `an edit whose prev_content_sha256 is ${what}`);
      }
      const stored = (await readMessage(ctx, sender, id)).content;
      if (stored !== second)
        fail(
          undefined,
          `wanted ${JSON.stringify(second)} kept after the refused edits; read ${JSON.stringify(stored)}`,
        );
      ctx.note('the error code for a prev_content_sha256 mismatch is not shown; any error is accepted');
    },
  );

  check(
    'EDIT-CONTENT-008',
    'MUST store edited content up to max_message_length as sent, and refuse or truncate longer content, never storing it longer',
    { section: '3. Edit a message; Limits' },
    async (ctx) => {
      const max = maxMessageLength(ctx);
      const sender = ctx.someone('person');
      const id = await ownMessage(ctx, 'before long edits', sender);
      for (const length of [max, max + 50]) {
        // Each edit starts its own way, so that content left from the edit before cannot pass for this one's.
        const head = contentOf(ctx, `edit of ${length} `);
        const content = head + 'x'.repeat(length - head.length);
        const res = await edit(ctx, sender, id, { content });
        // Over the limit the contract allows a refusal; real Zulip truncates. Both are fine, never longer content.
        if (length > max && res.body?.result !== 'success') {
          expectErrorEnvelope(res, `an edit to content of ${length} characters`);
          const kept = (await readMessage(ctx, sender, id)).content;
          if (typeof kept !== 'string' || [...kept].length > max)
            fail(res, `a refused edit left content of ${[...String(kept)].length} characters, over ${max}`);
          continue;
        }
        expectSuccess(res, `an edit to content of ${length} characters (max_message_length ${max})`);
        const problem = contentProblem(content, (await readMessage(ctx, sender, id)).content, max);
        if (problem) fail(res, `an edit to content of ${length} characters: ${problem}`);
      }
    },
  );

  check(
    'EDIT-UPLOADS-001',
    'MUST return detached_uploads, a list of attachment objects, on a successful edit',
    { section: '3. Edit a message; Resources › Attachment', since: 285 },
    async (ctx) => {
      const sender = ctx.someone('person');
      const id = await ownMessage(ctx, 'no files', sender);
      const res = await edit(ctx, sender, id, { content: contentOf(ctx, 'still no files') });
      const body = expectSuccess(res, "a content edit of the sender's own message");
      const uploads = body.detached_uploads;
      if (!Array.isArray(uploads)) fail(res, 'wanted detached_uploads, a list of attachment objects');
      for (const [i, entry] of uploads.entries()) {
        const problem = attachmentProblem(entry, ctx.world.featureLevel);
        if (problem) fail(res, `detached_uploads[${i}]: ${problem}`);
      }
      // The message referenced no file, so no file lost its last reference.
      if (uploads.length > 0) fail(res, 'wanted no detached uploads from an edit of a message that referenced no file');
    },
  );

  check(
    'EDIT-UPLOADS-002',
    "MUST return in detached_uploads the caller's file whose only reference the edit removed, and no file while another reference remains (in the same message or another)",
    { section: '3. Edit a message; Resources › Attachment', since: 285 },
    async (ctx) => {
      const name = `${ctx.unique('file')}.txt`;
      const bytes = 'Uploaded by teamchat-conformance.\n';
      const sender = ctx.someone('person');
      const url = await mustUpload(ctx, sender, name, bytes);
      const link = `[${name}](${url})`;
      const id = await ownMessage(ctx, `with ${link}`, sender);
      const other = await ownMessage(ctx, `also with ${link}`, sender);
      const kept = await edit(ctx, sender, id, { content: contentOf(ctx, `still with ${link}`) });
      const keptUploads = expectSuccess(kept, 'an edit that keeps the link to the file').detached_uploads;
      if (!Array.isArray(keptUploads) || keptUploads.length > 0) {
        fail(kept, 'wanted detached_uploads empty: the edited message still links the file');
      }
      // Another message still links the file: the edit removed a reference, not the only one.
      const first = await edit(ctx, sender, id, { content: contentOf(ctx, 'no file any more') });
      const firstUploads = expectSuccess(first, 'an edit that removes one of two links to the file').detached_uploads;
      if (!Array.isArray(firstUploads) || firstUploads.length > 0) {
        fail(first, 'wanted detached_uploads empty: another message still links the file');
      }
      const removed = await edit(ctx, sender, other, { content: contentOf(ctx, 'no file here either') });
      const uploads = expectSuccess(removed, "an edit that removes the file's only link").detached_uploads;
      if (!Array.isArray(uploads) || uploads.length !== 1) {
        fail(removed, 'wanted detached_uploads to hold the one file whose only link the edit removed');
      }
      const [entry] = uploads;
      if (isInt(entry?.id)) ctx.track(sender, 'attachment', entry.id, `attachment ${name}`);
      const problem = attachmentProblem(entry, ctx.world.featureLevel);
      if (problem) fail(removed, `detached_uploads[0]: ${problem}`);
      if (!url.endsWith(`/user_uploads/${entry.path_id}`)) fail(removed, `wanted path_id to be the path of ${url}`);
      if (entry.size !== Buffer.byteLength(bytes))
        fail(removed, `wanted size ${Buffer.byteLength(bytes)} (bytes uploaded)`);
      ctx.note('a file uploaded but never detached (a failure before the last edit) stays with the target');
    },
  );

  check(
    'EDIT-UPLOADS-003',
    "MUST leave another user's file out of detached_uploads, though the edit removed its only reference",
    { section: '3. Edit a message; Resources › Attachment', since: 285 },
    async (ctx) => {
      // The file is another account's: it shares it in the run's public channel first, so that the member may
      // link it too (a server may let a user link only the files it can read).
      const owner = ctx.someone('person');
      if (owner === 'member') ctx.account('member2'); // no other account: disabled, naming the one it needs
      const name = `${ctx.unique('file')}.txt`;
      const url = await mustUpload(ctx, owner, name, 'Uploaded by teamchat-conformance.\n');
      const link = `[${name}](${url})`;
      const shared = await ownMessage(ctx, `shares ${link}`, owner);
      const linked = await ownMessage(ctx, `links ${link}`);
      const unshared = await edit(ctx, owner, shared, { content: contentOf(ctx, 'shares nothing now') });
      const ownerUploads = expectSuccess(unshared, "the owner's edit that removes its link").detached_uploads;
      if (!Array.isArray(ownerUploads) || ownerUploads.length > 0)
        fail(unshared, "wanted detached_uploads empty: the member's message still links the file");
      // Now the member's message holds the file's only link, and the file is not the member's.
      const unlinked = await edit(ctx, 'member', linked, { content: contentOf(ctx, 'links nothing now') });
      const memberUploads = expectSuccess(unlinked, "the member's edit that removes the last link").detached_uploads;
      if (!Array.isArray(memberUploads) || memberUploads.some((a) => a?.path_id && url.endsWith(`/${a.path_id}`)))
        fail(unlinked, `wanted detached_uploads without ${name}: it is the ${owner}'s file, not the member's`);
      // Clean-up, and the same rule from the owner's side: linking the file again and removing that link detaches
      // it for its owner, which learns the id to delete it by.
      await edit(ctx, owner, shared, { content: contentOf(ctx, `shares ${link} again`) });
      const again = await edit(ctx, owner, shared, { content: contentOf(ctx, 'shares nothing again') });
      const detached = expectSuccess(again, "the owner's edit that removes the file's only link").detached_uploads;
      const entry = Array.isArray(detached) ? detached.find((a) => url.endsWith(`/${a?.path_id}`)) : undefined;
      if (isInt(entry?.id)) ctx.track(owner, 'attachment', entry.id, `attachment ${name}`);
      else fail(again, `wanted ${name} in detached_uploads: its owner removed the file's only link`);
    },
  );
});

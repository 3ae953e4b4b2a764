/**
 * The answer-shape faults (answers.faults.ts): each misshapes the success answer of one operation only. Kept out of
 * the handlers, which build the answer the contract gives; the envelope passes every success through here.
 */
import type { Fields } from '../core/context.ts';
import type { Faults } from '../faults.ts';

export interface Answer {
  body: unknown;
  contentType: string;
}

/** The success `body` of the operation `key` ("POST /drafts"), as the fault that is on for it would send it. */
export function successAnswer(key: string, body: Fields, faults: Faults): Answer {
  const json = 'application/json';
  switch (key) {
    case 'POST /messages':
      // Fault `answer-send-id-string`.
      if (faults.has('answer-send-id-string')) return { body: { ...body, id: String(body.id) }, contentType: json };
      break;
    case 'POST /scheduled_messages':
      // Fault `answer-schedule-id-missing`.
      if (faults.has('answer-schedule-id-missing'))
        return { body: without(body, 'scheduled_message_id'), contentType: json };
      break;
    case 'PATCH /messages/{message_id}':
      // Fault `answer-edit-msg-not-empty`.
      if (faults.has('answer-edit-msg-not-empty')) return { body: { ...body, msg: 'Edited' }, contentType: json };
      break;
    case 'POST /typing':
      // Fault `answer-typing-msg-not-empty`.
      if (faults.has('answer-typing-msg-not-empty')) return { body: { ...body, msg: 'ok' }, contentType: json };
      break;
    case 'GET /messages/matches_narrow':
      // Fault `answer-narrow-messages-list`.
      if (faults.has('answer-narrow-messages-list'))
        return { body: { ...body, messages: Object.values(body.messages as object) }, contentType: json };
      break;
    case 'GET /users/{user_id}':
      // Fault `answer-user-get-user-missing`.
      if (faults.has('answer-user-get-user-missing')) return { body: without(body, 'user'), contentType: json };
      break;
    case 'POST /realm/profile_fields':
      // Fault `answer-profile-field-id-string`.
      if (faults.has('answer-profile-field-id-string'))
        return { body: { ...body, id: String(body.id) }, contentType: json };
      break;
    case 'POST /fetch_api_key':
      // Fault `answer-fetchkey-email-missing`.
      if (faults.has('answer-fetchkey-email-missing')) return { body: without(body, 'email'), contentType: json };
      break;
    case 'POST /streams/{stream_id}/delete_topic':
      // Fault `answer-delete-topic-complete-string`.
      if (faults.has('answer-delete-topic-complete-string'))
        return { body: { ...body, complete: String(body.complete) }, contentType: json };
      break;
    case 'POST /drafts':
      // Fault `answer-drafts-create-ids-strings`.
      if (faults.has('answer-drafts-create-ids-strings'))
        return { body: { ...body, ids: (body.ids as number[]).map(String) }, contentType: json };
      break;
    case 'GET /drafts':
      // Fault `answer-drafts-list-count-missing`.
      if (faults.has('answer-drafts-list-count-missing')) return { body: without(body, 'count'), contentType: json };
      break;
    case 'POST /mark_topic_as_read':
      // Fault `answer-topic-read-result-ok`.
      if (faults.has('answer-topic-read-result-ok')) return { body: { ...body, result: 'ok' }, contentType: json };
      break;
    case 'GET /streams':
      // Fault `answer-streams-object`.
      if (faults.has('answer-streams-object'))
        return { body: { ...body, streams: { ...(body.streams as object[]) } }, contentType: json };
      break;
    case 'GET /users/me/subscriptions':
      // Fault `answer-subscriptions-missing`.
      if (faults.has('answer-subscriptions-missing'))
        return { body: without(body, 'subscriptions'), contentType: json };
      break;
    case 'POST /users/me/muted_users/{muted_user_id}':
      // Fault `answer-mute-html`.
      if (faults.has('answer-mute-html')) return { body, contentType: 'text/html; charset=utf-8' };
      break;
    case 'POST /user_groups/{user_group_id}/deactivate':
      // Fault `answer-group-deactivate-msg-null`.
      if (faults.has('answer-group-deactivate-msg-null')) return { body: { ...body, msg: null }, contentType: json };
      break;
    case 'POST /users/me/apns_device_token':
      // Fault `answer-apns-add-msg-not-empty`.
      if (faults.has('answer-apns-add-msg-not-empty')) return { body: { ...body, msg: 'Added' }, contentType: json };
      break;
    case 'DELETE /users/me/apns_device_token':
      // Fault `answer-apns-remove-no-result`.
      if (faults.has('answer-apns-remove-no-result')) return { body: without(body, 'result'), contentType: json };
      break;
    case 'DELETE /events':
      // Fault `answer-queue-delete-msg-not-empty`.
      if (faults.has('answer-queue-delete-msg-not-empty'))
        return { body: { ...body, msg: 'Deleted' }, contentType: json };
      break;
    case 'POST /messages/render':
      // Fault `answer-render-rendered-number`.
      if (faults.has('answer-render-rendered-number')) return { body: { ...body, rendered: 42 }, contentType: json };
      break;
  }
  return { body, contentType: json };
}

function without(body: Fields, name: string): Fields {
  const { [name]: _gone, ...rest } = body;
  return rest;
}

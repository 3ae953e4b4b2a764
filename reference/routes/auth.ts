/** POST /fetch_api_key and POST /dev_fetch_api_key: the two routes that need no Basic credentials. */
import type { Fields, PublicContext, Route } from '../core/context.ts';
import { ApiError } from '../core/errors.ts';
import type { User } from '../core/model.ts';
import { apiEmail } from '../core/users.ts';

const authenticationFailed = (): ApiError =>
  new ApiError(401, 'AUTHENTICATION_FAILED', 'Your username or password is incorrect');

function fetchApiKey({ params, store, faults }: PublicContext): Fields {
  const username = params.str('username');
  // Fault `fetchkey-missing-password-accepted`: no password, no problem.
  const password = faults.has('fetchkey-missing-password-accepted')
    ? params.optStr('password')
    : params.str('password');
  const user = store.userByLogin(username);
  if (!user?.isActive) throw authenticationFailed();
  const passwordOk = password === undefined || (user.password !== '' && password === user.password);
  // Fault `fetchkey-wrong-password-accepted`: any password of a known user logs in.
  if (!passwordOk && !faults.has('fetchkey-wrong-password-accepted')) throw authenticationFailed();
  return credentials(user, { faults }, store.variants.has('login-by-api-email'));
}

/** Like the Zulip development server: a key for any active account, no password. */
function devFetchApiKey({ params, store, faults }: PublicContext): Fields {
  const user = store.userByEmail(params.str('username'));
  if (!user?.isActive) throw authenticationFailed();
  return credentials(user, { faults });
}

function credentials(user: User, { faults }: Pick<PublicContext, 'faults'>, answerApiEmail = false): Fields {
  return {
    // Fault `fetchkey-returns-invalid-key`: a well-formed key that is not the user's.
    api_key: faults.has('fetchkey-returns-invalid-key') ? [...user.apiKey].reverse().join('') : user.apiKey,
    // Variant `login-by-api-email`: the answer names the API email.
    email: answerApiEmail ? apiEmail(user) : user.email,
    // Fault `fetchkey-wrong-user-id`.
    user_id: faults.has('fetchkey-wrong-user-id') ? user.id + 1000 : user.id,
  };
}

export const authRoutes: readonly Route[] = [
  { method: 'POST', path: '/fetch_api_key', public: true, handler: fetchApiKey },
  { method: 'POST', path: '/dev_fetch_api_key', public: true, handler: devFetchApiKey },
];

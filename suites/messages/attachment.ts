/** The Attachment resource (entries of `detached_uploads`): its fields and their types. */
import type { CheckContext } from '../../helpers/checks/context.ts';
import { isInt, isIntList, isString } from '../../helpers/checks/matchers.ts';
import { Unsupported } from '../../helpers/errors.ts';
import { mustSucceed, setupFailure } from '../../helpers/http/setup-failure.ts';
import type { Role } from '../../helpers/roles.ts';

const FIELDS: readonly [string, (v: unknown) => boolean, string][] = [
  ['id', isInt, 'an integer'],
  ['name', isString, 'a string'],
  ['path_id', isString, 'a string'],
  ['size', isInt, 'an integer'],
  ['create_time', isInt, 'an integer'],
  ['message_ids', isIntList, 'a list of integers'],
];

/**
 * Why a value is not an attachment object, or undefined when it is. Before feature level 472 (or at an unknown
 * level) an older server may give `messages` (a list of objects) instead of `message_ids`: accepted there.
 */
export function attachmentProblem(entry: unknown, featureLevel: number | null = null): string | undefined {
  if (entry === null || typeof entry !== 'object') return `${JSON.stringify(entry)} is not an object`;
  const fields = entry as Record<string, unknown>;
  const older = (featureLevel === null || featureLevel < 472) && Array.isArray(fields.messages);
  for (const [name, test, want] of FIELDS) {
    if (name === 'message_ids' && older) continue;
    const value = fields[name];
    if (!test(value)) return `${name} is ${JSON.stringify(value)}, wanted ${want}`;
  }
  return undefined;
}

/**
 * POST /user_uploads (setup: a multipart file) → the file's URL, as the target gives it; skipped-unsupported when
 * the target has no such operation.
 */
export async function mustUpload(ctx: CheckContext, role: Role, name: string, content: string): Promise<string> {
  const res = await ctx.as(role).post('/user_uploads', {}, { files: { file: { name, content } } });
  if (res.status === 404 || res.status === 405) throw new Unsupported('the target has no POST /user_uploads');
  const body = mustSucceed(res, 'uploading a file');
  const url = body.url ?? body.uri;
  if (typeof url !== 'string' || !url.includes('/user_uploads/'))
    throw setupFailure(res, 'the URL of the uploaded file');
  return url;
}

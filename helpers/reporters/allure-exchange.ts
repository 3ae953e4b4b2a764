/**
 * One exchange of a clause's evidence as an Allure step: named by its method, path and status, timed as it was
 * sent, with the request and the response attached in Allure's own HTTP form (application/vnd.allure.http+json),
 * which the report shows as a request and a response rather than as a file. The exchange is already masked.
 */
import {
  ALLURE_HTTP_EXCHANGE_CONTENT_TYPE,
  ALLURE_HTTP_EXCHANGE_FILE_EXTENSION,
  ALLURE_HTTP_EXCHANGE_SCHEMA_VERSION,
  type HttpExchange,
  type HttpExchangeBody,
  Status,
} from 'allure-js-commons';
import type { ReporterRuntime } from 'allure-js-commons/sdk/reporter';
import type { Exchange } from '../http/exchange.ts';

const pairs = (params: readonly [string, string][]) => params.map(([name, value]) => ({ name, value }));

/** The operation's path as the contract names it: the target's own prefix and /api/v1 left out. */
function pathOf(url: string): string {
  const path = new URL(url).pathname;
  const api = path.indexOf('/api/v1/');
  return api === -1 ? path : path.slice(api + '/api/v1'.length);
}

function requestBody(e: Exchange): HttpExchangeBody | undefined {
  if (e.encoding === 'query' || !e.params.length) return undefined;
  return e.encoding === 'form'
    ? { contentType: 'application/x-www-form-urlencoded', form: pairs(e.params) }
    : { contentType: 'multipart/form-data', parts: pairs(e.params) };
}

function toHttpExchange(e: Exchange): HttpExchange {
  const body = requestBody(e);
  const stamps = e.at !== undefined ? { start: e.at, stop: e.at + e.ms } : {};
  return {
    schemaVersion: ALLURE_HTTP_EXCHANGE_SCHEMA_VERSION,
    request: {
      method: e.method,
      url: e.url,
      ...(e.encoding === 'query' && e.params.length ? { query: pairs(e.params) } : {}),
      ...(body ? { body } : {}),
    },
    ...(e.status !== undefined
      ? {
          response: {
            status: e.status,
            headers: Object.entries(e.responseHeaders ?? {}).map(([name, value]) => ({ name, value })),
            ...(e.responseBody !== undefined
              ? {
                  body: {
                    encoding: 'utf8' as const,
                    value: e.responseBody,
                    ...(e.responseHeaders?.['content-type'] ? { contentType: e.responseHeaders['content-type'] } : {}),
                  },
                }
              : {}),
          },
        }
      : {}),
    ...(e.error !== undefined ? { error: { message: e.error } } : {}),
    ...stamps,
  };
}

/** Adds `e` to test `uuid` as a finished step of `status` (a lost request is broken whatever the clause). */
export function exchangeStep(
  runtime: ReporterRuntime,
  uuid: string,
  e: Exchange,
  status: Status,
  /** When the exchange's own time is not known: the check's start. */
  fallbackStart: number,
): void {
  const start = e.at ?? fallbackStart;
  const operation = `${e.method} ${pathOf(e.url)}`;
  const step = runtime.startStep(uuid, null, {
    name: `${operation} → ${e.status ?? 'no response'}`,
    status: e.error !== undefined ? Status.BROKEN : status,
    start,
    parameters: [
      { name: 'as', value: e.caller },
      ...(e.resent !== undefined ? [{ name: 'sent twice', value: e.resent }] : []),
    ],
  });
  if (!step) return;
  runtime.writeAttachment(uuid, step, operation, Buffer.from(JSON.stringify(toHttpExchange(e))), {
    contentType: ALLURE_HTTP_EXCHANGE_CONTENT_TYPE,
    fileExtension: ALLURE_HTTP_EXCHANGE_FILE_EXTENSION,
  });
  runtime.stopStep(step, { stop: start + e.ms });
}

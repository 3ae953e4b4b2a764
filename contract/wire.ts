/**
 * The request and exchange vocabulary the contract model speaks in: methods, parameter values and one recorded
 * exchange. It lives here, not in the HTTP client, so that the model (which the reference also reads) imports
 * nothing of the harness; helpers/http re-exports it.
 */
export type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

/** A parameter as a check gives it: strings go as they are, everything else JSON-encoded (Conventions). */
export type ParamValue = string | number | boolean | null | readonly unknown[] | Record<string, unknown> | undefined;
export type Params = Readonly<Record<string, ParamValue>>;

/** What one request and its response looked like, masked, for evidence and for reproducing by hand. */
export interface Exchange {
  method: string;
  url: string;
  /** Who called: the API email, or a note such as "no credentials". */
  caller: string;
  /** The variable a reader should put in place of the masked key, when the caller is a configured account. */
  secretVar?: string;
  encoding: 'query' | 'form' | 'multipart';
  params: [string, string][];
  status?: number;
  responseHeaders?: Record<string, string>;
  responseBody?: string;
  error?: string;
  /** Sent twice: the first sending was lost as this says (a kept-alive connection the target closed under it). */
  resent?: string;
  /** When it was sent (Date.now()): where its step sits in Allure's report. */
  at?: number;
  ms: number;
}

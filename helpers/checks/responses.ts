/**
 * Every response a check received, judged against the envelope rules and its operation's answer (contract/
 * judge.ts), tallied per operation: how many were judged, and the first that departed, as evidence. The reporter
 * sums the tallies of all checks into the per-operation RESP-* clauses (suites/conventions/responses.ts).
 */
import { judgeExchange } from '../../contract/judge.ts';
import { keyOf } from '../../contract/operation.ts';
import { type Exchange, toCurl } from '../http/exchange.ts';
import type { Recorder } from '../http/recorder.ts';
import { redact } from '../http/redact.ts';

export interface ResponseDeparture {
  rule: string;
  message: string;
  exchange: Exchange;
  curl: string;
  /** The clause of the check whose request drew the response (absent in records written before it was kept). */
  check?: string;
}

export interface ResponseTally {
  /** Operation ("POST /drafts") → responses judged. */
  judged: Record<string, number>;
  /** Operation → its first MUST-level departure. */
  departures: Record<string, ResponseDeparture>;
  /** Operation → its first SHOULD-level departure (the content type), reported as a warning. */
  advice: Record<string, ResponseDeparture>;
  /** Operation → the first thing recorded about it that the contract leaves open (status codes): a note. */
  notes: Record<string, ResponseDeparture>;
}

/**
 * Judges the recorder's exchanges (those of the check of clause `check`) on their whole bodies; the evidence kept is
 * the masked exchange.
 */
export function tallyResponses(recorder: Recorder, featureLevel: number | null, check: string): ResponseTally {
  const tally: ResponseTally = { judged: {}, departures: {}, advice: {}, notes: {} };
  for (const exchange of recorder.exchanges) {
    const judgement = judgeExchange(recorder.whole(exchange), featureLevel === null ? {} : { featureLevel });
    if (!judgement.judged || !judgement.operation) continue;
    const op = keyOf(judgement.operation);
    tally.judged[op] = (tally.judged[op] ?? 0) + 1;
    for (const d of judgement.departures) {
      const into = d.level === 'MUST' ? tally.departures : d.level === 'SHOULD' ? tally.advice : tally.notes;
      into[op] ??= { rule: d.rule, message: redact(d.message), exchange, curl: toCurl(exchange), check };
    }
  }
  return tally;
}

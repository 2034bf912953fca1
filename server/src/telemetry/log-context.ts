/**
 * The bridge between tracing and the log: when tracing runs (telemetry/instrument.ts, loaded with
 * `node --import` before the server), it leaves here a function that names the active span; the
 * logger adds its ids to every line. Without tracing nothing is added and pino runs no mixin at all.
 *
 * A global symbol, not a module variable: the built server and the instrumentation entry are two
 * bundles, each with its own copy of this module.
 */
export interface TraceLogFields {
  trace_id?: string;
  span_id?: string;
}

const KEY = Symbol.for('portal.telemetry.traceLogFields');
type Holder = { [KEY]?: () => TraceLogFields };

/** Called by the tracing setup once the SDK runs. */
export function provideTraceLogFields(fields: () => TraceLogFields): void {
  (globalThis as Holder)[KEY] = fields;
}

/** pino options that add trace_id and span_id to every line written inside a span; empty when tracing is off. */
export function traceLogOptions(): { mixin?: () => TraceLogFields } {
  const fields = (globalThis as Holder)[KEY];
  return fields ? { mixin: fields } : {};
}

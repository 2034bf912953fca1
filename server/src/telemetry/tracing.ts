/**
 * OpenTelemetry tracing: the Node SDK with the http, Fastify (@fastify/otel) and pg
 * instrumentations, spans sent over OTLP/HTTP (JSON) to OTEL_EXPORTER_OTLP_ENDPOINT. Started by
 * telemetry/instrument.ts before the server's modules load; docs/operations-traces.md says how to
 * turn it on and what is recorded.
 *
 * Every OpenTelemetry package is imported here, dynamically: a server without tracing never loads one.
 */
import type { IncomingMessage } from 'node:http';
import type { NodeSDKConfiguration } from '@opentelemetry/sdk-node';
import { provideTraceLogFields } from './log-context';
import { redactSpan, type RedactableSpan } from './redact';

type SpanExporter = NodeSDKConfiguration['traceExporter'];
type ReadableSpan = Parameters<SpanExporter['export']>[0][number];

/** Health checks come every few seconds from load balancers: not traced. */
const UNTRACED_PATHS = new Set(['/healthz', '/livez', '/readyz']);
const untraced = (url: string | undefined) => UNTRACED_PATHS.has((url ?? '').split('?')[0] ?? '');

/** Hands spans to `inner` (the OTLP exporter) redacted: the last safety net (telemetry/redact.ts). */
export class RedactingSpanExporter implements SpanExporter {
  constructor(private readonly inner: SpanExporter) {}
  export(spans: ReadableSpan[], resultCallback: Parameters<SpanExporter['export']>[1]): void {
    for (const span of spans) redactSpan(span as unknown as RedactableSpan);
    this.inner.export(spans, resultCallback);
  }
  shutdown(): Promise<void> {
    return this.inner.shutdown();
  }
  forceFlush(): Promise<void> {
    return this.inner.forceFlush?.() ?? Promise.resolve();
  }
}

export interface Tracing {
  shutdown(): Promise<void>;
}

/** Starts the SDK (reads the OTEL_* variables: endpoint, service name, sampler, batch delays). */
export async function startTracing(): Promise<Tracing> {
  const [{ NodeSDK }, api, { OTLPTraceExporter }, { HttpInstrumentation }, { PgInstrumentation }, { default: FastifyOtelInstrumentation }] = await Promise.all([
    import('@opentelemetry/sdk-node'),
    import('@opentelemetry/api'),
    import('@opentelemetry/exporter-trace-otlp-http'),
    import('@opentelemetry/instrumentation-http'),
    import('@opentelemetry/instrumentation-pg'),
    import('@fastify/otel'),
  ]);
  const sdk = new NodeSDK({
    // OTLP over HTTP with JSON bodies, at OTEL_EXPORTER_OTLP_ENDPOINT + /v1/traces (or
    // OTEL_EXPORTER_OTLP_TRACES_ENDPOINT); batched per OTEL_BSP_*.
    traceExporter: new RedactingSpanExporter(new OTLPTraceExporter()),
    // Traces only: the portal's metrics are Prometheus (modules/metrics), its logs stdout.
    metricReaders: [],
    logRecordProcessors: [],
    instrumentations: [
      new HttpInstrumentation({
        // No header becomes an attribute (cookies, authorization, CSRF tokens stay out); said explicitly.
        headersToSpanAttributes: { server: { requestHeaders: [], responseHeaders: [] }, client: { requestHeaders: [], responseHeaders: [] } },
        ignoreIncomingRequestHook: (request: IncomingMessage) => untraced(request.url),
      }),
      // Names the server span by its route pattern (GET /api/pages/:name) and adds a span for the request's handling.
      new FastifyOtelInstrumentation({ registerOnInitialization: true, ignorePaths: (options: { url: string }) => untraced(options.url) }),
      new PgInstrumentation({
        // Statements only (drizzle sends values as parameters), never the parameter values.
        enhancedDatabaseReporting: false,
        // Queries outside a request (migrations, background work) start no trace of their own.
        requireParentSpan: true,
        ignoreConnectSpans: true,
      }),
    ],
  });
  sdk.start();
  provideTraceLogFields(() => {
    const span = api.trace.getActiveSpan();
    if (!span) return {};
    const { traceId, spanId } = span.spanContext();
    return api.isSpanContextValid(span.spanContext()) ? { trace_id: traceId, span_id: spanId } : {};
  });
  // Spans still in the batch go out when the server stops (main.ts exits after app.close()).
  const flush = () => void sdk.shutdown().catch(() => undefined);
  process.once('beforeExit', flush);
  return sdk;
}

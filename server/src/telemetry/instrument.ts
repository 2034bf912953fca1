/**
 * The tracing entry, loaded before the server: `node --import ./dist/instrument.js dist/main.js`
 * (built) or `node --import tsx --import ./src/telemetry/instrument.ts src/main.ts` (sources).
 * Tracing must start before `pg`, `http` and Fastify are imported, or their instrumentations
 * cannot patch them; an --import module runs before the main module's imports are loaded.
 *
 * Without OTEL_EXPORTER_OTLP_ENDPOINT (or with OTEL_SDK_DISABLED=true) this does nothing: no
 * OpenTelemetry module is loaded and no loader hook is registered.
 */
import { register } from 'node:module';

const endpoint = process.env.OTEL_EXPORTER_OTLP_ENDPOINT || process.env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT;
if (endpoint && process.env.OTEL_SDK_DISABLED !== 'true') {
  // The server is ES modules (and imports pg, a CommonJS package, through `import`): OpenTelemetry's
  // loader hook (import-in-the-middle) lets the instrumentations patch modules loaded by `import`.
  register('@opentelemetry/instrumentation/hook.mjs', import.meta.url);
  const { startTracing } = await import('./tracing');
  await startTracing();
}

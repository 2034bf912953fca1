import { MessagingThreadsDocument } from '@portal/shared-api';

/** One call of a patient's session: GET when it has no body, a GraphQL POST when it has one. */
export interface MixCall {
  name: string;
  path: string;
  body?: unknown;
}

/** The messaging GraphQL endpoint, with the session's CSRF token. */
export function graphqlCall(name: string, csrfToken: string, query: string, variables: Record<string, unknown>): MixCall {
  return { name, path: `/api/customer-messaging?csrfToken=${encodeURIComponent(csrfToken)}`, body: { query, variables } };
}

/**
 * The reads of a patient's session, weighted by how often a session asks for each (one pass = 20
 * calls), shared by the soak and the cluster benchmarks so that their figures describe one traffic.
 * `extra` adds weighted calls of a benchmark's own (the cluster's HTML page loads).
 */
export function patientMix<C extends MixCall>(csrfToken: string, extra: [number, C][] = []): (MixCall | C)[] {
  const weighted: [number, MixCall | C][] = [
    [4, { name: 'front page', path: '/api/pages/front-page?lang=fi' }],
    [3, { name: 'visits', path: '/api/pages/records.visits?lang=fi' }],
    [2, { name: 'laboratory results', path: '/api/pages/records.laboratory?lang=fi' }],
    [2, { name: 'appointments list', path: '/api/pages/booking.appointments?lang=fi' }],
    [4, { name: 'appointment search', path: '/api/appointments?lang=fi' }],
    [2, { name: 'invoices list', path: '/api/payments/invoices-list?lang=fi' }],
    [3, graphqlCall('conversations list', csrfToken, MessagingThreadsDocument.toString(), { pagination: { limit: 20 } })],
    ...extra,
  ];
  // interleaved, so every second of traffic holds a bit of everything
  const mix: (MixCall | C)[] = [];
  const counts = weighted.map(([weight]) => weight);
  while (counts.some((count) => count > 0)) {
    weighted.forEach(([, call], index) => {
      if (counts[index]! > 0) {
        mix.push(call);
        counts[index]! -= 1;
      }
    });
  }
  return mix;
}

/**
 * Mixed patient traffic through the cluster at a fixed (open-loop) rate: bench:soak's mix (the
 * front page, visits, laboratory results, the appointments list, an appointment search, the
 * invoices list, the GraphQL conversations list, weighted as there) spread over a few signed-in
 * personas, the signed-in HTML page load of the front page, and every MESSAGE_EVERY-th request a
 * message sent by Mikko (a write, each with its own number, checked afterwards in the database).
 *
 * Sign-ins are rate limited by the demo identity broker (30 per client in 10 minutes), so each
 * persona signs in once through HAProxy (the broker's steps may land on different servers) and the
 * sessions are reused for the whole run.
 *
 * bench/soak.ts keeps its mix private and runs its benchmark on import, so the mix is repeated here
 * (the same calls and weights); see the report of issue 30.
 */
import { MessagingThreadsDocument, SendMessageDocument } from '@portal/shared-api';
import { signInThroughBroker, withClient } from '../harness';
import { graphqlCall, patientMix } from '../patient-mix';

const REQUEST_TIMEOUT_MS = 10_000;

/** The personas whose sessions carry the traffic (identity codes, src/demo/seed/personas.ts); Mikko writes. */
export const TRAFFIC_PERSONAS = { mikko: '150385-9013', jukka: '240690-935P', leena: '121264-9685' };

export interface Session {
  persona: string;
  cookie: string;
  csrfToken: string;
}

export interface Call {
  name: string;
  path: string;
  body?: unknown;
  /** an HTML page, not JSON */
  page?: boolean;
  /** a message's number: a write, checked afterwards */
  write?: number;
}

export interface Outcome {
  /** when it was meant to be sent, ms since the traffic began */
  at: number;
  /** when its answer (or error) came, ms since the traffic began */
  doneAt: number;
  name: string;
  /** HTTP status; 0 for a network error or a timeout */
  status: number;
  /** 2xx/3xx and, for GraphQL, no errors */
  ok: boolean;
  /** which server answered (HAProxy's X-Served-By) */
  server: string;
  write?: number;
  detail?: string;
}

export const MARK = 'cluster bench #';

/** bench/soak.ts's mix (bench/patient-mix.ts), plus the front page as a browser loads it. */
export function trafficMix(session: Session): Call[] {
  return patientMix<Call>(session.csrfToken, [[2, { name: 'page load /fi', path: '/fi', page: true }]]);
}

export async function send(origin: string, session: Session, call: Call): Promise<{ status: number; ok: boolean; server: string; detail?: string }> {
  const headers: Record<string, string> = { cookie: session.cookie, origin };
  if (call.body !== undefined) {
    headers['content-type'] = 'application/json';
    headers.accept = 'application/graphql-response+json, application/json';
  }
  try {
    const response = await fetch(`${origin}${call.path}`, {
      method: call.body === undefined ? 'GET' : 'POST',
      headers,
      body: call.body === undefined ? undefined : JSON.stringify(call.body),
      redirect: 'manual',
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    const text = await response.text();
    const server = response.headers.get('x-served-by') ?? '';
    // GraphQL answers its errors with 200 too
    const graphqlErrors = call.body !== undefined && text.includes('"errors"');
    const written = call.write === undefined || text.includes(`${MARK}${call.write}`);
    const ok = response.status < 400 && !graphqlErrors && written;
    return { status: response.status, ok, server, ...(ok ? {} : { detail: `${response.status} ${text.slice(0, 200)}` }) };
  } catch (error) {
    const cause = error instanceof Error && error.cause instanceof Error ? ` (${error.cause.message})` : '';
    return { status: 0, ok: false, server: '', detail: `${error instanceof Error ? error.message : String(error)}${cause}` };
  }
}

/** Each persona signs in once through HAProxy, as a browser does. */
export async function signInPersonas(origin: string, personas: Record<string, string> = TRAFFIC_PERSONAS): Promise<Session[]> {
  const sessions: Session[] = [];
  for (const [persona, identityCode] of Object.entries(personas)) {
    const { cookie, csrfToken } = await signInThroughBroker(origin, identityCode);
    sessions.push({ persona, cookie, csrfToken });
  }
  return sessions;
}

async function firstThreadId(origin: string, session: Session): Promise<string> {
  const response = await fetch(`${origin}/api/customer-messaging?csrfToken=${encodeURIComponent(session.csrfToken)}`, {
    method: 'POST',
    headers: { cookie: session.cookie, origin, 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ query: MessagingThreadsDocument.toString(), variables: { pagination: { limit: 1 } } }),
  });
  const body = (await response.json()) as { data?: { messagingThreads: { paginatedThreads: { id: string }[] } } };
  const id = body.data?.messagingThreads.paginatedThreads[0]?.id;
  if (!id) throw new Error(`${session.persona} has no conversation to write in: ${JSON.stringify(body)}`);
  return id;
}

export interface TrafficOptions {
  origin: string;
  sessions: readonly Session[];
  /** requests a second */
  rate: number;
  /** every n-th request is a message sent (0: none) */
  messageEvery: number;
  /** the calls of a persona's session (default: trafficMix) */
  mix?: (session: Session) => Call[];
}

/** The traffic generator: start() begins the open-loop schedule, stop() ends it and waits for the answers. */
export class Traffic {
  readonly outcomes: Outcome[] = [];
  private started = 0;
  private running = false;
  private loop: Promise<void> | null = null;
  private readonly inFlight = new Set<Promise<void>>();
  private threadId = '';
  private checked = false;
  private messages = 0;
  private static nextMessage = 0;
  private readonly mixes: Call[][];

  constructor(private readonly options: TrafficOptions) {
    this.mixes = options.sessions.map((session) => (options.mix ?? trafficMix)(session));
  }

  /** One answer of each call for each persona, so traffic of 401s cannot pass unnoticed. */
  async check(): Promise<void> {
    if (this.options.messageEvery > 0) this.threadId = await firstThreadId(this.options.origin, this.options.sessions[0]!);
    this.checked = true;
    for (const [index, session] of this.options.sessions.entries()) {
      for (const call of new Set(this.mixes[index])) {
        let result = await send(this.options.origin, session, call);
        if (!result.ok && result.status === 0) {
          // a network error before the traffic begins is shown, and the call tried once more
          console.info(`  note: the check's ${call.name} (${session.persona}) failed: ${result.detail}; trying it once more`);
          result = await send(this.options.origin, session, call);
        }
        if (!result.ok) throw new Error(`${call.name} (${session.persona}) did not answer: ${result.detail}`);
      }
    }
  }

  /** ms since the traffic began */
  now(): number {
    return performance.now() - this.started;
  }

  get requestsInFlight(): number {
    return this.inFlight.size;
  }

  start(): void {
    if (!this.checked) throw new Error('check() first');
    this.running = true;
    this.started = performance.now();
    this.loop = this.run();
  }

  private async run(): Promise<void> {
    const intervalMs = 1000 / this.options.rate;
    for (let i = 0; this.running; i++) {
      const due = i * intervalMs;
      const wait = due - this.now();
      if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
      if (!this.running) break;
      const sessionIndex = i % this.options.sessions.length;
      const session = this.options.sessions[sessionIndex]!;
      let call: Call;
      let as = session;
      if (this.options.messageEvery > 0 && (i + 1) % this.options.messageEvery === 0) {
        as = this.options.sessions[0]!;
        const n = ++Traffic.nextMessage;
        this.messages++;
        call = {
          ...graphqlCall('message sent', as.csrfToken, SendMessageDocument.toString(), {
            threadId: this.threadId,
            message: { content: `${MARK}${n}`, attachments: [], questionnaireInvitations: [] },
          }),
          write: n,
        };
      } else {
        const mix = this.mixes[sessionIndex]!;
        call = mix[Math.floor(i / this.options.sessions.length) % mix.length]!;
      }
      const request = send(this.options.origin, as, call).then((result) => {
        this.outcomes.push({ at: due, doneAt: this.now(), name: call.name, ...result, ...(call.write !== undefined ? { write: call.write } : {}) });
      });
      this.inFlight.add(request);
      void request.finally(() => this.inFlight.delete(request));
    }
  }

  /** Stops sending and waits for every answer; the outcomes, in the order they were sent. */
  async stop(): Promise<Outcome[]> {
    this.running = false;
    await this.loop;
    await Promise.all(this.inFlight);
    return this.outcomes.sort((a, b) => a.at - b.at);
  }
}

/** The acknowledged writes among `outcomes` that the database does not hold. */
export async function lostWrites(databaseUrl: string, outcomes: readonly Outcome[]): Promise<{ acknowledged: number; lost: number[] }> {
  const acknowledged = outcomes.filter((outcome) => outcome.write !== undefined && outcome.ok).map((outcome) => outcome.write!);
  const { rows } = await withClient(databaseUrl, (client) => client.query<{ content: string }>('select content from messaging_messages where content like $1', [`${MARK}%`]));
  const stored = new Set(rows.map((row) => Number(row.content.slice(MARK.length))));
  return { acknowledged: acknowledged.length, lost: acknowledged.filter((n) => !stored.has(n)) };
}

import type { Config } from './config';
import type { Database } from './db/index';
import type { PeopleService } from './modules/patients/people';
import type { SessionInfo, SessionService } from './modules/sessions/service';
import type { PageLoaderRegistry } from './pages/loaders';
import type { RouteTableSource } from './pages/route-table';

declare module 'fastify' {
  interface FastifyInstance {
    db: Database;
    config: Config;
    people: PeopleService;
    sessions: SessionService;
    pageLoaders: PageLoaderRegistry;
    routeTable: RouteTableSource;
  }
  interface FastifyRequest {
    /** the signed-in session, or null (also when the cookie's session has expired) */
    session: SessionInfo | null;
  }
}

import type { CoreConfig } from './config/core';
import type { Database } from './db/index';
import type { PeopleService } from './modules/patients/people';
import type { RemoteRegistry } from './modules/remote-registry/contract';
import type { SessionInfo, SessionService } from './modules/sessions/service';
import type { PageLoaderRegistry } from './pages/loaders';
import type { RouteTableSource } from './pages/route-table';

// The decorations every module may use. A module's own services (app.attachmentStorage,
// app.frontPageSummaries, app.records, app.messaging) are declared in its index.ts.
declare module 'fastify' {
  interface FastifyInstance {
    db: Database;
    /** the portal's own settings; a module's own come to its install */
    config: CoreConfig;
    people: PeopleService;
    sessions: SessionService;
    pageLoaders: PageLoaderRegistry;
    routeTable: RouteTableSource;
    /** which version of each remote a visitor is served (modules/remote-registry/contract.ts) */
    remoteRegistry: RemoteRegistry;
  }
  interface FastifyRequest {
    /** the signed-in session, or null (also when the cookie's session has expired) */
    session: SessionInfo | null;
  }
}

import { existsSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  canaryDecisionSchema,
  deployRemoteVersionSchema,
  remoteIdParamsSchema,
  remoteRoutesFileSchema,
  rollbackRemoteSchema,
  type ApiErrorBody,
  type DeployedRemoteVersion,
  type RegistryConflictBody,
  type RemoteRegistryListing,
  type RemoteRelease,
  type RouteDefinition,
  type VersionRefusedBody,
} from '@portal/shared-api';
import { repoRoot } from '../../paths';
import type { RemoteRegistryConfig } from './config';
import { makeStagingDir, moveIntoPlace } from './files';
import type { RegistryService } from './registry';
import { shellProvidedVersions } from './shell-libraries';
import { counterKey, decideCanary, isBuiltin, isVersionTaken, listVersions, readStates, recordDeploy, RegistryConflict, rollback, UnknownVersion, VersionTaken, type ReleaseState } from './store';
import { ALL_REMOTES, authenticateDeployToken } from './tokens';
import { validateVersion, type OwnedRoutes } from './validate';

export const REMOTE_REGISTRY_PREFIX = '/api/remote-registry';

interface Caller {
  tokenId: number;
  remoteId: string;
  label: string;
}

const refusal = (reply: FastifyReply, status: 401 | 403 | 404, type: ApiErrorBody['type'], message: string) => reply.status(status).send({ type, message } satisfies ApiErrorBody);
const conflict = (reply: FastifyReply, error: RegistryConflict) =>
  reply.status(409).send({ type: 'Conflict', message: error.message, activeVersion: error.activeVersion } satisfies RegistryConflictBody);

const releaseOf = (state: ReleaseState): RemoteRelease => ({
  remoteId: state.remoteId,
  activeVersion: state.activeVersion,
  canary: state.canaryVersion && state.canaryPercent ? { version: state.canaryVersion, percent: state.canaryPercent } : null,
  revision: state.revision,
});

/** A routes.json on this disk (the shell's, a served version's), or none when it is missing or invalid. */
function readRoutes(file: string): RouteDefinition[] {
  try {
    const parsed = remoteRoutesFileSchema.safeParse(JSON.parse(readFileSync(file, 'utf8')));
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
}

/**
 * The registry's API for the deploy command (docs/remote-registry.md). Every route takes a deploy
 * token (`Authorization: Bearer`, checked before the body is read: 401) whose scope is the remote
 * (403 for another one) or every remote (`*`); the session cookie is never read.
 */
export async function installRegistryRoutes(app: FastifyInstance, registry: RegistryService, config: RemoteRegistryConfig): Promise<void> {
  const shellProvided = shellProvidedVersions(repoRoot);
  const callers = new WeakMap<FastifyRequest, Caller>();
  const callerOf = (request: FastifyRequest) => callers.get(request) as Caller;
  const policy = { csrf: 'bearer', session: false } as const;

  function ownedRoutes(remoteId: string): OwnedRoutes[] {
    const shellFile = [path.join(app.config.shellDist, 'routes.json'), path.join(repoRoot, 'shell', 'routes.json')].find((file) => existsSync(file));
    const owned: OwnedRoutes[] = [{ owner: 'shell', routes: shellFile ? readRoutes(shellFile) : [] }];
    for (const served of registry.allServed()) {
      if (served.id !== remoteId) owned.push({ owner: served.id, routes: readRoutes(path.join(served.filesDir, 'routes.json')) });
    }
    return owned;
  }

  await app.register(
    async (scope) => {
      // Before the body is read: without a live token a caller learns nothing.
      scope.addHook('onRequest', async (request, reply) => {
        const token = await authenticateDeployToken(app.db, request.headers.authorization);
        if (!token) return refusal(reply, 401, 'Unauthorized', 'A valid deploy token is required (Authorization: Bearer …)');
        callers.set(request, { tokenId: token.id, remoteId: token.remoteId, label: token.label });
      });
      // The token's scope, then whether the remote is one this portal composes.
      scope.addHook('preValidation', async (request, reply) => {
        const remoteId = (request.params as { remoteId?: unknown } | undefined)?.remoteId;
        if (typeof remoteId !== 'string') return;
        const caller = callerOf(request);
        if (caller.remoteId !== ALL_REMOTES && caller.remoteId !== remoteId) {
          return refusal(reply, 403, 'Forbidden', `This token deploys ${caller.remoteId}, not ${remoteId}`);
        }
        if (!registry.remote(remoteId)) return refusal(reply, 404, 'NotFound', `The portal has no remote ${remoteId}`);
      });
      const routes = scope.withTypeProvider<ZodTypeProvider>();

      routes.get('', { config: policy }, async (request): Promise<RemoteRegistryListing> => {
        const caller = callerOf(request);
        const remoteIds = app.config.remotes.remotes.map((remote) => remote.id).filter((id) => caller.remoteId === ALL_REMOTES || caller.remoteId === id);
        const [states, versions] = await Promise.all([readStates(app.db, remoteIds), listVersions(app.db, remoteIds)]);
        const stateOf = new Map(states.map((state) => [state.remoteId, state]));
        const counts = await registry.counts(
          states.flatMap((state) => [
            ...(state.activeVersion ? [{ remoteId: state.remoteId, version: state.activeVersion }] : []),
            ...(state.canaryVersion ? [{ remoteId: state.remoteId, version: state.canaryVersion }] : []),
          ]),
        );
        const countsOf = (remoteId: string, version: string | null) => (version ? (counts.get(counterKey(remoteId, version)) ?? { served: 0, clientErrors: 0 }) : null);
        return {
          remotes: remoteIds.map((remoteId) => {
            const state = stateOf.get(remoteId);
            const release = state ? releaseOf(state) : { remoteId, activeVersion: null, canary: null, revision: 0 };
            return {
              ...release,
              counts: { active: countsOf(remoteId, release.activeVersion), canary: countsOf(remoteId, release.canary?.version ?? null) },
              versions: versions
                .filter((row) => row.remoteId === remoteId)
                .map((row) => ({ version: row.version, manifestUrl: row.manifestUrl, gitCommit: row.gitCommit, deployedBy: row.deployedBy, deployedAt: row.deployedAt.toISOString() })),
            };
          }),
        };
      });

      routes.post('/:remoteId/versions', { config: policy, schema: { params: remoteIdParamsSchema, body: deployRemoteVersionSchema } }, async (request, reply) => {
        const remote = registry.remote(request.params.remoteId);
        if (!remote) return refusal(reply, 404, 'NotFound', `The portal has no remote ${request.params.remoteId}`);
        const body = request.body;
        const caller = callerOf(request);
        const staging = makeStagingDir(path.join(app.config.dataDir, 'remote-versions', remote.id));
        try {
          const { reasons, serverFiles } = await validateVersion(remote, body, staging, {
            allowedOrigins: config.allowedOrigins,
            limits: { timeoutMs: config.fetchTimeoutMs, maxBytes: config.fetchMaxBytes },
            shellProvided,
            hasLoader: (routeId) => app.pageLoaders.has(routeId),
            ownedRoutes,
            versionTaken: (remoteId, version) => isVersionTaken(app.db, remoteId, version),
          });
          if (reasons.length > 0) {
            request.log.info({ remote: remote.id, version: body.version, reasons: reasons.map((r) => r.code), token: caller.tokenId }, 'remote version refused');
            return reply.status(422).send({
              type: 'VersionRefused',
              message: `${remote.id} ${body.version} was refused (${reasons.length} reason${reasons.length === 1 ? '' : 's'}); nothing was changed`,
              reasons,
            } satisfies VersionRefusedBody);
          }
          let outcome;
          try {
            outcome = await recordDeploy(app.db, {
              version: {
                remoteId: remote.id,
                version: body.version,
                manifestUrl: body.manifestUrl,
                manifestIntegrity: body.integrity.manifest,
                entryIntegrity: body.integrity.entry,
                serverFiles,
                gitCommit: body.gitCommit ?? null,
              },
              actor: caller.label,
              expectedActiveVersion: body.expectedActiveVersion,
              canaryPercent: body.canaryPercent ?? null,
              reason: body.reason ?? null,
            });
          } catch (error) {
            if (error instanceof RegistryConflict) return conflict(reply, error);
            if (error instanceof VersionTaken) {
              return reply.status(422).send({ type: 'VersionRefused', message: error.message, reasons: [{ code: 'versionExists', message: error.message }] } satisfies VersionRefusedBody);
            }
            throw error;
          }
          // This instance has the files already: the next refresh serves them without fetching again.
          moveIntoPlace(staging, registry.versionDir(remote.id, body.version));
          request.log.info({ remote: remote.id, version: body.version, canaryPercent: body.canaryPercent ?? null, token: caller.tokenId }, 'remote version deployed');
          return reply.status(201).send({
            remoteId: remote.id,
            version: body.version,
            state: body.canaryPercent === undefined ? 'active' : 'canary',
            previousVersion: outcome.previousVersion,
          } satisfies DeployedRemoteVersion);
        } finally {
          rmSync(staging, { recursive: true, force: true });
        }
      });

      routes.post('/:remoteId/rollback', { config: policy, schema: { params: remoteIdParamsSchema, body: rollbackRemoteSchema.nullish() } }, async (request, reply) => {
        const remoteId = request.params.remoteId;
        const body = request.body ?? {};
        try {
          const state = await rollback(app.db, {
            remoteId,
            actor: callerOf(request).label,
            toVersion: body.toVersion ?? null,
            expectedActiveVersion: body.expectedActiveVersion ?? null,
            reason: body.reason ?? null,
            isServable: (version) =>
              isBuiltin(version) && version !== registry.builtinVersion(remoteId)
                ? `${version} is an earlier build of this server, whose files are no longer here (this server has ${registry.builtinVersion(remoteId) ?? 'none'})`
                : null,
          });
          return releaseOf(state);
        } catch (error) {
          if (error instanceof RegistryConflict) return conflict(reply, error);
          if (error instanceof UnknownVersion) return refusal(reply, 404, 'NotFound', error.message);
          throw error;
        }
      });

      for (const decision of ['promote', 'abort'] as const) {
        routes.post(`/:remoteId/canary/${decision}`, { config: policy, schema: { params: remoteIdParamsSchema, body: canaryDecisionSchema.nullish() } }, async (request, reply) => {
          try {
            const state = await decideCanary(app.db, { remoteId: request.params.remoteId, actor: callerOf(request).label, decision, reason: request.body?.reason ?? null });
            return releaseOf(state);
          } catch (error) {
            if (error instanceof RegistryConflict) return conflict(reply, error);
            throw error;
          }
        });
      }
    },
    { prefix: REMOTE_REGISTRY_PREFIX },
  );
}

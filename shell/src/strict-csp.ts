// The portal's CSP allows no eval. zod 4 compiles object parsers with `new Function` when it may,
// and finds out by trying once as the first z.object() is built (when shared-api loads); the
// browser reports that try as a violation on every page. Jitless, it never tries.
//
// zod keeps its configuration on globalThis.__zod_globalConfig, created by the first copy of zod
// that loads and shared by every copy in every remote; z.config({ jitless: true }) writes there.
// Written directly, from the entry, before any schema is built: importing zod's config here
// would put 3.7 KB of zod into the entry for one flag. The e2e suite fails on any CSP violation,
// so a zod that stops reading this global is caught.
const scope = globalThis as typeof globalThis & { __zod_globalConfig?: { jitless?: boolean } };
scope.__zod_globalConfig = { ...scope.__zod_globalConfig, jitless: true };

export {};

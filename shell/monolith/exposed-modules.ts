// Replaced at build time by exposed-modules-loader.cjs with one import() per module every remote
// exposes (read from the remotes' own webpack configurations, so a new exposed module is included
// without editing this file). This body only gives the type.
export const exposedModules: Record<string, () => Promise<unknown>> = {};

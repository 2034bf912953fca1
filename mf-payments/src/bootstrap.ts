// The remote has no standalone page: the shell mounts `./app` through Module Federation.
// This entry only exists so the build has one; the exposed modules are what the portal loads.
export {};

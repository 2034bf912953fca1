/** Screen sizes (spec part 1 §9): small up to 480 px, medium up to 800 px, large above. */
export const BREAKPOINTS = { small: 480, medium: 800 } as const;
export const MEDIA_SMALL = `(max-width: ${BREAKPOINTS.small}px)`;
export const MEDIA_MEDIUM = `(max-width: ${BREAKPOINTS.medium}px)`;

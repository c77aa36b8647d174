/**
 * Every snapshot answer needs a token, so only the agent's own cache may keep it (`private`: a shared proxy or CDN
 * must not hand one token's snapshot to another request). A numbered version never changes: a year, immutable.
 */
export const IMMUTABLE = "private, max-age=31536000, immutable";
/** `latest` moves with every publish: the agent may keep it but must revalidate (cheap: a 304 carries no body). */
export const REVALIDATE = "private, no-cache";

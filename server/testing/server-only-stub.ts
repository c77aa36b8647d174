// Vitest stands outside React's server environment; `server-only` resolves here instead.
export {};

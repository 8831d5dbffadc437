/**
 * The host's rate limiter, injected into the sandbox: counts one call under `key` in a window of
 * `windowSeconds` and says whether it stays within `limit` (the server builds it over its atomic
 * database counter, so every node shares the count).
 */
export type SandboxRateLimit = (input: {
  key: string;
  limit: number;
  windowSeconds: number;
}) => Promise<{ isAllowed: boolean; retryAfterSeconds: number }>;

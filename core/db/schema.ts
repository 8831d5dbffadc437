/** Kysely's view of our tables. Repositories map these rows to domain types. */
export interface RateLimitTable {
  key: string;
  window_start: number;
  count: number;
}

export interface Database {
  rate_limits: RateLimitTable;
}

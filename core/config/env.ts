import { z } from "zod";

/** The value shipped in .env.example; production refuses to run with it. */
export const DEVELOPMENT_AUTH_SECRET = "development-only-secret-change-me-in-production";

const booleanFromString = z.enum(["true", "false", "1", "0"]).transform((value) => value === "true" || value === "1");

const envSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    // Loopback by default: exposing the server is a choice (HOST=0.0.0.0 behind TLS, see docs/SECURITY.md).
    HOST: z.string().min(1).default("127.0.0.1"),
    APP_URL: z.url().optional(),
    DATA_DIR: z.string().min(1).default("./data"),
    DATABASE_URL: z
      .string()
      .regex(/^(postgres|postgresql):\/\//, "must start with postgres:// or postgresql://")
      .optional(),
    // PostgreSQL connections each node may hold (docs/SCALING.md: nodes × this stays under max_connections).
    DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(500).default(10),
    AUTH_SECRET: z.string().min(32, "must be at least 32 characters").default(DEVELOPMENT_AUTH_SECRET),
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\//, "must start with smtp:// or smtps://")
      .optional(),
    MAIL_FROM: z.string().min(3).default("Adhelm <no-reply@adhelm.local>"),
    GITHUB_CLIENT_ID: z.string().optional(),
    GITHUB_CLIENT_SECRET: z.string().optional(),
    GITHUB_URL: z.url().default("https://github.com"),
    // Unset: on in development and tests, off in production (it must be enabled there explicitly).
    ADS_SANDBOX: booleanFromString.optional(),
    // The built-in test payment provider when Stripe is not configured. Unset: on outside production.
    PAYMENTS_SANDBOX: booleanFromString.optional(),
    // The legal entity on invoices: "Name | address line | … | VAT number".
    INVOICE_SELLER: z.string().max(1000).optional(),
    // Where connectors find the sandbox; the browser is sent there for consent too.
    ADS_SANDBOX_URL: z.url().optional(),
    // "<accounts>x<campaigns per account>" for every sandbox platform, e.g. 1x50 (benchmarks, demos).
    ADS_SANDBOX_SHAPE: z
      .string()
      .regex(/^\d{1,2}x\d{1,4}$/, "must look like 2x10 (ad accounts x campaigns per account)")
      .optional(),
    GOOGLE_ADS_CLIENT_ID: z.string().optional(),
    GOOGLE_ADS_CLIENT_SECRET: z.string().optional(),
    MICROSOFT_ADS_CLIENT_ID: z.string().optional(),
    MICROSOFT_ADS_CLIENT_SECRET: z.string().optional(),
    MICROSOFT_ADS_DEVELOPER_TOKEN: z.string().optional(),
    META_APP_ID: z.string().optional(),
    META_APP_SECRET: z.string().optional(),
    TIKTOK_APP_ID: z.string().optional(),
    TIKTOK_APP_SECRET: z.string().optional(),
    LINKEDIN_CLIENT_ID: z.string().optional(),
    LINKEDIN_CLIENT_SECRET: z.string().optional(),
    SHOPIFY_CLIENT_ID: z.string().optional(),
    SHOPIFY_CLIENT_SECRET: z.string().optional(),
    SYNC_INTERVAL_MINUTES: z.coerce.number().int().min(5).max(1440).default(60),
    SYNC_BACKFILL_DAYS: z.coerce.number().int().min(1).max(400).default(90),
    // Unset: on in development, off in production (the demo's password is public).
    SEED_DEMO: booleanFromString.optional(),
    LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
    // Queries slower than this are logged at warn with their SQL text (never their parameters).
    SLOW_QUERY_MS: z.coerce.number().int().min(0).default(200),
    // /metrics (Prometheus) answers only with "Authorization: Bearer <METRICS_TOKEN>"; unset: 404.
    METRICS_TOKEN: z.string().min(16, "must be at least 16 characters").optional(),
    API_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(600),
    // How long an API key lookup is trusted; a revoke reaches other nodes within it.
    API_KEY_CACHE_SECONDS: z.coerce.number().int().min(0).max(300).default(30),
    // How often the API's call counts (kept in memory) are written to api_usage.
    API_USAGE_FLUSH_MS: z.coerce.number().int().min(100).max(60_000).default(1_000),
    // Failed sign-ins per account per 5 minutes, all addresses together. Each address is also backed
    // off on its own (core/accounts/auth-rate-limits.ts), so no single one keeps an account locked.
    AUTH_FAILED_SIGN_INS_PER_ACCOUNT: z.coerce.number().int().positive().default(10),
    // Failed sign-ins per client address per 15 minutes, over every account.
    AUTH_FAILED_SIGN_INS_PER_IP: z.coerce.number().int().positive().default(100),
    AUTH_SIGN_UPS_PER_IP_PER_HOUR: z.coerce.number().int().positive().default(30),
    AUTH_MAILS_PER_ADDRESS_PER_HOUR: z.coerce.number().int().positive().default(5),
    CAREERS_EMAIL: z.email("must be an email address").default("careers@adhelm.com"),
    SUPPORT_EMAIL: z.email("must be an email address").default("support@adhelm.com"),
    PUBLIC_FORMS_PER_IP_PER_HOUR: z.coerce.number().int().positive().default(20),
    NEWSLETTER_MAILS_PER_ADDRESS_PER_HOUR: z.coerce.number().int().positive().default(3),
    TRUST_PROXY: booleanFromString.default(false),
    // Behind TRUST_PROXY: how many proxies we run in front of the app; the client is the address
    // that many entries from the right of X-Forwarded-For (entries further left are client-chosen).
    TRUST_PROXY_HOPS: z.coerce.number().int().min(1).max(10).default(1),
    // Self-hosters whose WooCommerce shop is on their own network may allow private store addresses.
    WOOCOMMERCE_ALLOW_PRIVATE: booleanFromString.default(false),
    // Self-hosters whose webhook receivers are on their own network may allow private endpoint addresses.
    WEBHOOKS_ALLOW_PRIVATE: booleanFromString.default(false),
    // Payments through Stripe when both are set (the secret key, and the signing secret of the
    // endpoint /webhooks/stripe); neither: the built-in test provider.
    STRIPE_SECRET_KEY: z
      .string()
      .regex(/^(sk|rk)_(test|live)_\w+$/, "must be a Stripe secret key (sk_live_… or sk_test_…)")
      .optional(),
    STRIPE_WEBHOOK_SECRET: z
      .string()
      .regex(/^whsec_\w+$/, "must be a Stripe webhook signing secret (whsec_…)")
      .optional(),
    // Where the Stripe API answers; unset: Stripe itself. Tests point it at a local fake.
    STRIPE_API_URL: z.url().optional(),
    // Ask Adhelm's model: any OpenAI-compatible endpoint with tool calling (for example a local
    // Ollama at http://localhost:11434/v1). Unset: Ask answers its built-in questions only.
    LLM_BASE_URL: z.url().optional(),
    LLM_API_KEY: z.string().optional(),
    LLM_MODEL: z.string().min(1).default("gpt-4o-mini"),
    // Uploads and avatars in an S3-compatible store (AWS S3, MinIO, Cloudflare R2) when S3_BUCKET is
    // set, so several nodes share them; unset: files under DATA_DIR/uploads (adapters/file-storage.ts).
    // S3_ENDPOINT unset: AWS itself. No keys: the SDK's own chain (instance role, AWS_* variables).
    S3_BUCKET: z
      .string()
      .regex(
        /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
        "must be an S3 bucket name (3-63 lowercase letters, digits, dots, hyphens)",
      )
      .optional(),
    S3_ENDPOINT: z.url().optional(),
    S3_REGION: z.string().min(1).default("us-east-1"),
    S3_ACCESS_KEY_ID: z.string().min(1).optional(),
    S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
    // MinIO and most self-hosted stores need path-style URLs (endpoint/bucket/key).
    S3_FORCE_PATH_STYLE: booleanFromString.default(false),
  })
  .transform((env) => ({
    ...env,
    APP_URL: (env.APP_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, ""),
    isProduction: env.NODE_ENV === "production",
    // The demo's password is public: unset, it is seeded only in development on a loopback host.
    SEED_DEMO: env.SEED_DEMO ?? (env.NODE_ENV !== "production" && isLoopbackHost(env.HOST)),
    ADS_SANDBOX: env.ADS_SANDBOX ?? env.NODE_ENV !== "production",
    PAYMENTS_SANDBOX: env.PAYMENTS_SANDBOX ?? env.NODE_ENV !== "production",
    ADS_SANDBOX_URL: (
      env.ADS_SANDBOX_URL ?? `${(env.APP_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, "")}/sandbox`
    ).replace(/\/+$/, ""),
  }));

export type Env = z.output<typeof envSchema>;

export class EnvError extends Error {}

/**
 * Reads the environment once at boot. Every problem is reported with the variable's name,
 * so a bad deployment fails before it serves a single request.
 */
export function parseEnv(source: Record<string, string | undefined> = process.env): Env {
  // Empty strings in a .env file mean "not set", not "set to empty".
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== undefined && value !== ""));
  const result = envSchema.safeParse(cleaned);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join(".") || "(env)"}: ${issue.message}`);
    throw new EnvError(`Invalid environment configuration:\n${lines.join("\n")}`);
  }
  const env = result.data;
  if (env.isProduction && env.AUTH_SECRET === DEVELOPMENT_AUTH_SECRET) {
    throw new EnvError(
      "Invalid environment configuration:\n  AUTH_SECRET: must be set to a secret of your own in production (openssl rand -base64 48)",
    );
  }
  if (Boolean(env.STRIPE_SECRET_KEY) !== Boolean(env.STRIPE_WEBHOOK_SECRET)) {
    throw new EnvError(
      "Invalid environment configuration:\n  STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET: set both (payments through Stripe) or neither (the built-in test provider)",
    );
  }
  if (Boolean(env.S3_ACCESS_KEY_ID) !== Boolean(env.S3_SECRET_ACCESS_KEY)) {
    throw new EnvError(
      "Invalid environment configuration:\n  S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: set both, or neither (the AWS SDK's own credentials)",
    );
  }
  if (!env.S3_BUCKET && (env.S3_ENDPOINT || env.S3_ACCESS_KEY_ID)) {
    throw new EnvError(
      "Invalid environment configuration:\n  S3_BUCKET: must be set when S3_ENDPOINT or S3_ACCESS_KEY_ID is (without it uploads stay on local disk)",
    );
  }
  if (env.AUTH_SECRET === DEVELOPMENT_AUTH_SECRET && !isLoopbackHost(env.HOST)) {
    throw new EnvError(
      `Invalid environment configuration:\n  AUTH_SECRET: the published development secret may only be used on a loopback HOST (127.0.0.1, ::1 or localhost), not ${env.HOST}. Remove AUTH_SECRET to have one generated in DATA_DIR, or set your own (openssl rand -base64 48)`,
    );
  }
  return env;
}

/** 127.0.0.0/8, ::1 and localhost: only this machine can reach a server listening there. */
export function isLoopbackHost(host: string): boolean {
  const bare = host.replace(/^\[|\]$/g, "").toLowerCase();
  return bare === "localhost" || bare === "::1" || /^127(\.\d{1,3}){3}$/.test(bare);
}

/** The subset that may reach the browser. Nothing secret belongs here. */
export function publicEnv(env: Env) {
  return { APP_URL: env.APP_URL, isGitHubConfigured: Boolean(env.GITHUB_CLIENT_ID && env.GITHUB_CLIENT_SECRET) };
}
export type PublicEnv = ReturnType<typeof publicEnv>;

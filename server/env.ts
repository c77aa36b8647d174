import { z } from "zod";
import { parseTrustedProxies } from "./trusted-proxies";

const count = (min: number, max: number, fallback: number) =>
  z.coerce
    .number({ message: "must be a number" })
    .int("must be a whole number")
    .min(min, `must be at least ${min}`)
    .max(max, `must be at most ${max}`)
    .default(fallback);

/**
 * What live MCP imports may do on this host. Both are off by default: every signed-up user is untrusted.
 * STOCKROOM_STDIO_COMMANDS lists the exact command names a team owner may start (comma-separated, no shell);
 * STOCKROOM_ALLOW_PRIVATE_NETWORKS=1 lets HTTP imports reach loopback, private and link-local addresses.
 */
const MCP_IMPORT_ENV = {
  STOCKROOM_STDIO_COMMANDS: z
    .string()
    .default("")
    .transform((list) => [
      ...new Set(
        list
          .split(",")
          .map((name) => name.trim())
          .filter(Boolean),
      ),
    ])
    .pipe(z.array(z.string().regex(/^[^\s"'`$;&|<>]+$/, "must be command names separated by commas, e.g. npx,uvx"))),
  STOCKROOM_ALLOW_PRIVATE_NETWORKS: z
    .enum(["0", "1"], { message: "must be 0 or 1" })
    .default("0")
    .transform((v) => v === "1"),
};

const optionalSecret = (what: string) =>
  z
    .string()
    .min(24, `must be at least 24 characters (a random secret the ${what} sends as a Bearer token)`)
    .optional()
    .or(z.literal("").transform(() => undefined));

/**
 * Running it (server/ops/): /metrics answers only with STOCKROOM_METRICS_TOKEN as a Bearer token (404 while unset),
 * or, unauthenticated, on its own STOCKROOM_METRICS_PORT; POST /ops/backup only with STOCKROOM_BACKUP_TOKEN; a
 * SIGTERM drains for at most STOCKROOM_SHUTDOWN_TIMEOUT_MS.
 */
const OPS_ENV = {
  STOCKROOM_METRICS_TOKEN: optionalSecret("metrics scraper"),
  STOCKROOM_METRICS_PORT: z.coerce
    .number({ message: "must be a port number" })
    .int("must be a port number")
    .min(1, "must be a port number from 1 to 65535")
    .max(65_535, "must be a port number from 1 to 65535")
    .optional()
    .or(z.literal("").transform(() => undefined)),
  STOCKROOM_BACKUP_TOKEN: optionalSecret("backup script"),
  STOCKROOM_SHUTDOWN_TIMEOUT_MS: count(100, 600_000, 25_000),
  STOCKROOM_LOG_LEVEL: z
    .enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"], {
      message: "must be one of fatal, error, warn, info, debug, trace, silent",
    })
    .default("info"),
};

/**
 * For end-to-end tests only: how long one minute of the source scheduler lasts, in ms (its tick, and the interval
 * minutes it counts between checks). Never longer than a real minute; the intervals a team may choose do not change.
 */
const SCHEDULER_ENV = { STOCKROOM_SCHEDULER_MINUTE_MS: count(100, 60_000, 60_000) };

/** Environment, parsed once at boot; a bad value stops start-up with a message naming the variable. */
const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "must be a postgres:// or postgresql:// connection URL")
    .optional()
    .or(z.literal("").transform(() => undefined)),
  STOCKROOM_DATA_DIR: z.string().min(1).default(".data"),
  STOCKROOM_URL: z
    .string()
    .url("must be the app's public URL, e.g. http://localhost:3000")
    .default("http://localhost:3000"),
  BETTER_AUTH_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  STOCKROOM_DEMO: z.enum(["0", "1"], { message: "must be 0 or 1" }).default("1"),
  STOCKROOM_SIGNIN_PER_MINUTE: z.coerce.number({ message: "must be a number" }).int().min(1).max(100000).default(10),
  STOCKROOM_AGENT_REQUESTS_PER_MINUTE: z.coerce
    .number({ message: "must be a number" })
    .int("must be a whole number")
    .min(1, "must be at least 1")
    .max(10_000_000, "must be at most 10000000")
    .default(120),
  STOCKROOM_DEMO_PASSWORD: z.string().min(8, "must be at least 8 characters").default("stockroom-demo"),
  ...MCP_IMPORT_ENV,
  STOCKROOM_SIGNIN_FAILURES: count(1, 1000, 5),
  STOCKROOM_TRUSTED_PROXIES: z
    .string()
    .default("")
    .transform((text, ctx) => {
      try {
        return parseTrustedProxies(text);
      } catch (error) {
        ctx.addIssue({
          code: "custom",
          message: `${(error as Error).message}; list IPs or CIDR ranges, comma-separated`,
        });
        return z.NEVER;
      }
    }),
  STOCKROOM_SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, "must be an smtp:// or smtps:// URL, e.g. smtp://user:pass@mail.example.com:587")
    .optional()
    .or(z.literal("").transform(() => undefined)),
  STOCKROOM_SECRETS_KEY: z
    .string()
    .optional()
    .refine(
      (v) => !v?.trim() || /^[0-9a-f]{64}$/i.test(v.trim()) || Buffer.from(v.trim(), "base64").length === 32,
      "must be 32 random bytes, base64 or hex (e.g. `openssl rand -base64 32`)",
    ),
  STOCKROOM_MAIL_FROM: z.string().min(3).default("Stockroom <stockroom@localhost>"),
  STOCKROOM_MAX_TEAMS_PER_USER: count(1, 100_000, 20),
  STOCKROOM_MAX_CATALOGS_PER_TEAM: count(1, 100_000, 50),
  STOCKROOM_MAX_TOOLS_PER_CATALOG: count(1, 1_000_000, 10_000),
  STOCKROOM_MAX_TOKENS_PER_CATALOG: count(1, 100_000, 50),
  ...OPS_ENV,
  ...SCHEDULER_ENV,
  STOCKROOM_EVENTS_PER_CATALOG_PER_DAY: count(1, 1_000_000_000, 100_000),
  STOCKROOM_EVENTS_PER_TEAM_PER_DAY: count(1, 1_000_000_000, 300_000),
  STOCKROOM_EVENT_MB_PER_CATALOG: count(1, 10_000_000, 256),
  STOCKROOM_EVENT_MB_PER_TEAM: count(1, 10_000_000, 1024),
  STOCKROOM_INGEST_BATCHES_PER_CATALOG: count(1, 10_000, 2),
  STOCKROOM_INGEST_BATCHES: count(1, 100_000, 8),
});

export type Env = z.infer<typeof envSchema>;

export function parseEnv(source: Record<string, string | undefined>): Env {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
    throw new Error(`Invalid environment:\n${lines.join("\n")}`);
  }
  return result.data;
}

let cached: Env | undefined;
export function getEnv(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}

const mcpImportSchema = z.object(MCP_IMPORT_ENV);
export type McpImportSettings = { stdioCommands: string[]; allowPrivateNetworks: boolean };

/** The live-import settings, read on each call (tests switch them per test; boot already validated them). */
export function getMcpImportSettings(source: Record<string, string | undefined> = process.env): McpImportSettings {
  const env = mcpImportSchema.parse(source);
  return { stdioCommands: env.STOCKROOM_STDIO_COMMANDS, allowPrivateNetworks: env.STOCKROOM_ALLOW_PRIVATE_NETWORKS };
}

const schedulerSchema = z.object(SCHEDULER_ENV);
/** One minute of the source scheduler, in ms: read on each call (tests set it per test; boot already validated it). */
export function schedulerMinuteMs(source: Record<string, string | undefined> = process.env): number {
  return schedulerSchema.parse(source).STOCKROOM_SCHEDULER_MINUTE_MS;
}

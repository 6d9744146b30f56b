import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';

const emptyToUndefined = (value: unknown) => (value === '' ? undefined : value);
const optionalUrl = z.preprocess(emptyToUndefined, z.url().optional());
const optionalText = z.preprocess(emptyToUndefined, z.string().optional());

const configSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().default('0.0.0.0'),
    DATA_DIR: z.string().default('./data'),
    DATABASE_URL: optionalUrl,
    /**
     * A streaming replica of DATABASE_URL for public reads (search, map, listing pages, profiles);
     * docs/decisions/038-read-replica-and-backups.md. Unset: every read goes to DATABASE_URL.
     */
    DATABASE_READ_URL: optionalUrl,
    /** How far behind the primary the replica may be and still answer; past it, reads go to the primary. */
    DATABASE_READ_MAX_LAG_SECONDS: z.coerce.number().min(0).max(3600).default(5),
    PUBLIC_URL: optionalUrl,
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    /**
     * `auto` seeds an empty database with the demo data, whose accounts (an admin among them) share
     * a published password: the default outside production only. A production demo must ask for it.
     */
    SEED_DEMO_DATA: z.enum(['auto', 'never']).optional(),
    SESSION_DAYS: z.coerce.number().int().min(1).max(365).default(30),
    /** How long an instance may keep serving a platform setting (launch mode) before reading it again. */
    SETTINGS_CACHE_SECONDS: z.coerce.number().min(0).max(3600).default(5),
    REDIS_URL: optionalUrl,
    /**
     * How long identical searches share one answer (in Redis when REDIS_URL is set, else in process
     * memory); a change to what an answer shows (its place's listings, their free nights for a stay,
     * a listing's page) starts it afresh within about 100 ms (decision 065). 0 turns it off.
     */
    SEARCH_CACHE_SECONDS: z.coerce.number().min(0).max(3600).default(30),
    /** Prefix of the search cache's Redis keys, for several deployments (or tests) on one Redis. */
    SEARCH_CACHE_KEY_PREFIX: z.string().default('lina:'),
    SMTP_URL: optionalUrl,
    MAIL_FROM: z.string().default('Lina <no-reply@lina.example>'),
    S3_ENDPOINT: optionalUrl,
    S3_REGION: z.string().default('us-east-1'),
    S3_BUCKET: optionalText,
    S3_ACCESS_KEY_ID: optionalText,
    S3_SECRET_ACCESS_KEY: optionalText,
    /**
     * Which proxies in front of us may name the client in X-Forwarded-For: a hop count ("1": the
     * proxy that connects to us is trusted, so the client is the address it appended) or a
     * comma-separated list of proxy addresses and CIDRs. "true" is refused: trusting every hop lets
     * any client choose its own address and walk past every per-IP limit.
     */
    TRUST_PROXY: z
      .string()
      .default('false')
      .transform((value, context) => parseTrustProxy(value, context)),
    /** How long shutdown waits for requests already received before closing what is left. */
    SHUTDOWN_GRACE_SECONDS: z.coerce.number().min(0).max(600).default(10),
    /**
     * Scheduled backups (docs/deploy.md, "Backups"): every N hours one instance dumps the PostgreSQL
     * database into the S3 bucket under BACKUP_S3_PREFIX, then deletes what the BACKUP_KEEP_* rules
     * do not keep. 0 (the default) schedules nothing.
     */
    BACKUP_EVERY_HOURS: z.coerce
      .number()
      .min(0)
      .max(24 * 31)
      .default(0),
    /** Keys of the backups in the bucket start with this; never under public/, which the media route serves. */
    BACKUP_S3_PREFIX: z
      .string()
      .default('backups/')
      .refine((prefix) => /^[a-z0-9][a-z0-9._/-]*\/$/i.test(prefix) && !prefix.startsWith('public/') && !prefix.includes('..'), {
        message: 'BACKUP_S3_PREFIX must be a folder such as backups/ (ending in /, outside public/)',
      }),
    /** Kept: the newest backup of each of the last N days, weeks and months (UTC); the newest of all always. */
    BACKUP_KEEP_DAILY: z.coerce.number().int().min(0).max(366).default(7),
    BACKUP_KEEP_WEEKLY: z.coerce.number().int().min(0).max(520).default(4),
    BACKUP_KEEP_MONTHLY: z.coerce.number().int().min(0).max(240).default(6),
    /**
     * Seals authenticator-app secrets at rest (AES-256-GCM): 32 bytes as 64 hex characters. Unset, the
     * secrets are stored as they are (still never sent after setup); docs/decisions/051-second-factor-and-passkeys.md.
     */
    TWO_FACTOR_KEY: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .regex(/^[0-9a-fA-F]{64}$/, 'TWO_FACTOR_KEY must be 32 bytes written as 64 hex characters (openssl rand -hex 32)')
        .optional(),
    ),
    /** Bearer token for GET /metrics; without it production does not serve /metrics on the main port. */
    METRICS_TOKEN: z.preprocess(emptyToUndefined, z.string().min(16, 'METRICS_TOKEN must be at least 16 characters').optional()),
    /** A second port that serves only /metrics (for a scraper on a private network); the main port then has none. */
    METRICS_PORT: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(65535).optional()),
    /** How often each imported calendar (calendar sync) is fetched again. */
    CALENDAR_SYNC_MINUTES: z.coerce.number().int().min(1).max(1440).default(15),
    /**
     * How often each instance looks for background work that is due: requests to expire, stays to
     * complete, card payments left half done, reviews to publish, calendar feeds to fetch. A shorter
     * time costs a few cheap queries; the fault tests use it to see a survivor take over quickly.
     */
    JOBS_EVERY_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
    /**
     * How many days after a member closes their account its personal data is erased
     * (docs/decisions/050-your-data.md). The privacy policy promises erasure within 30 days, so more
     * is refused; 0 erases at the next job run.
     */
    ACCOUNT_ERASE_AFTER_DAYS: z.coerce.number().int().min(0).max(30).default(14),
    /**
     * Whether imported calendars may live on loopback, private or link-local addresses. `refuse`
     * (production's default) keeps hosts from making the server fetch inside its own network (SSRF);
     * elsewhere the default is `allow`, so development and tests can serve feeds from this machine.
     */
    CALENDAR_SYNC_PRIVATE_ADDRESSES: z.enum(['allow', 'refuse']).optional(),
    /**
     * A MapLibre style for the maps' base (https://…/style.json). Unset, the maps draw their own from
     * data we ship (Natural Earth's land, the gazetteer's places), which needs no internet. Its origin is
     * allowed by the Content-Security-Policy (connect-src, img-src, worker-src blob:).
     */
    /**
     * Cards through Stripe Checkout (docs/decisions/024-payments.md): both or neither. Without
     * them every stay is paid on arrival.
     */
    STRIPE_SECRET_KEY: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .regex(/^(sk|rk)_(test|live)_\w+$/, 'STRIPE_SECRET_KEY must be a Stripe secret key (sk_test_… or sk_live_…)')
        .optional(),
    ),
    STRIPE_WEBHOOK_SECRET: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .regex(/^whsec_\w+$/, 'STRIPE_WEBHOOK_SECRET must be a webhook signing secret (whsec_…)')
        .optional(),
    ),
    /** Where the Stripe SDK sends its requests instead of api.stripe.com (a stand-in in tests). */
    STRIPE_API_URL: z.preprocess(
      emptyToUndefined,
      z.url({ protocol: /^https?$/, error: 'STRIPE_API_URL must be an http(s) address' }).optional(),
    ),
    /**
     * The platform's bank account that hosts pay the fees they owe into (docs/decisions/057-host-money.md),
     * as bank-branch-account ("12-600-123456"), and the name it is held in. Unset, the host's page says
     * to ask support for the details instead of showing an account.
     */
    PLATFORM_BANK_ACCOUNT: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .regex(/^\d{2}-\d{3}-\d{4,9}$/, 'PLATFORM_BANK_ACCOUNT must be bank-branch-account, e.g. 12-600-123456')
        .optional(),
    ),
    PLATFORM_BANK_ACCOUNT_NAME: z.preprocess(emptyToUndefined, z.string().trim().min(2).max(100).default('Lina Stays Ltd.')),
    MAP_STYLE_URL: z.preprocess(
      emptyToUndefined,
      z.url({ protocol: /^https?$/, error: 'MAP_STYLE_URL must be an http(s) address' }).optional(),
    ),
  })
  .superRefine((config, context) => {
    const s3 = [config.S3_BUCKET, config.S3_ACCESS_KEY_ID, config.S3_SECRET_ACCESS_KEY];
    if (config.NODE_ENV === 'production' && !config.PUBLIC_URL) {
      context.addIssue({
        code: 'custom',
        path: ['PUBLIC_URL'],
        message: 'PUBLIC_URL is required in production: links in e-mails are built from it, never from request headers',
      });
    }
    if (Boolean(config.STRIPE_SECRET_KEY) !== Boolean(config.STRIPE_WEBHOOK_SECRET)) {
      const missing = config.STRIPE_SECRET_KEY ? 'STRIPE_WEBHOOK_SECRET' : 'STRIPE_SECRET_KEY';
      context.addIssue({
        code: 'custom',
        path: [missing],
        message: `${missing} is missing: card payments need STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET together (neither: pay on arrival)`,
      });
    }
    if (config.DATABASE_READ_URL && !config.DATABASE_URL) {
      context.addIssue({
        code: 'custom',
        path: ['DATABASE_READ_URL'],
        message: 'DATABASE_READ_URL is a replica of DATABASE_URL: set DATABASE_URL too (the embedded database has no replicas)',
      });
    }
    if (config.BACKUP_EVERY_HOURS > 0 && !(config.DATABASE_URL && s3.every(Boolean))) {
      context.addIssue({
        code: 'custom',
        path: ['BACKUP_EVERY_HOURS'],
        message:
          'scheduled backups need DATABASE_URL (PostgreSQL) and S3 storage (S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY); back the embedded database up with npm run db:backup',
      });
    }
    if (s3.some(Boolean) && !s3.every(Boolean)) {
      context.addIssue({
        code: 'custom',
        path: ['S3_BUCKET'],
        message: 'S3 storage needs S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY together',
      });
    }
  });

/**
 * Every environment variable the server reads, in schema order. The deploy kit's test checks that
 * `.env.example` lists each of them, so a new setting cannot ship without its documented example.
 */
export const configVariables: readonly string[] = Object.keys(configSchema.shape);

export type RawConfig = z.infer<typeof configSchema>;
export interface Config extends Omit<RawConfig, 'SEED_DEMO_DATA' | 'CALENDAR_SYNC_PRIVATE_ADDRESSES'> {
  SEED_DEMO_DATA: 'auto' | 'never';
  CALENDAR_SYNC_PRIVATE_ADDRESSES: 'allow' | 'refuse';
  dataDir: string;
  isProduction: boolean;
  /** The site's address for links in e-mails, sitemaps and jobs, without a trailing slash. */
  siteUrl: string;
}

/** What Fastify's trustProxy accepts: false, a hop count, or proxy addresses and CIDRs. */
export type TrustProxy = false | number | string[];

/** Named ranges proxy-addr understands besides literal addresses. */
const namedRanges = new Set(['loopback', 'linklocal', 'uniquelocal']);

function parseTrustProxy(value: string, context: z.RefinementCtx): TrustProxy {
  const text = value.trim();
  if (text === '' || text === 'false' || text === '0') return false;
  if (/^\d+$/.test(text)) return Number(text);
  if (text === 'true') {
    context.addIssue({
      code: 'custom',
      message:
        'trusting every proxy lets clients forge their address; give the number of proxies in front of the app (e.g. 1) or their addresses (e.g. 10.0.0.0/8)',
    });
    return z.NEVER;
  }
  const entries = text
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  for (const entry of entries) {
    const [address, prefix, ...rest] = entry.split('/');
    const family = isIP(address ?? '');
    const prefixOk = prefix === undefined || (/^\d+$/.test(prefix) && Number(prefix) <= (family === 6 ? 128 : 32));
    if (!namedRanges.has(entry) && (family === 0 || !prefixOk || rest.length > 0)) {
      context.addIssue({
        code: 'custom',
        message: `"${entry}" is not a hop count, an IP address, a CIDR range or loopback/linklocal/uniquelocal`,
      });
      return z.NEVER;
    }
  }
  return entries;
}

export class ConfigError extends Error {}

/** Reads and checks the environment once; a bad value throws a ConfigError naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => {
      const name = issue.path.join('.') || '(environment)';
      const value = typeof issue.path[0] === 'string' ? env[issue.path[0]] : undefined;
      return `  ${name}${value === undefined ? '' : `=${JSON.stringify(value)}`}: ${issue.message}`;
    });
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return {
    ...parsed.data,
    dataDir: path.resolve(parsed.data.DATA_DIR),
    isProduction: parsed.data.NODE_ENV === 'production',
    SEED_DEMO_DATA: parsed.data.SEED_DEMO_DATA ?? (parsed.data.NODE_ENV === 'production' ? 'never' : 'auto'),
    CALENDAR_SYNC_PRIVATE_ADDRESSES:
      parsed.data.CALENDAR_SYNC_PRIVATE_ADDRESSES ?? (parsed.data.NODE_ENV === 'production' ? 'refuse' : 'allow'),
    // Outside production a missing PUBLIC_URL means this machine; never the Host a request claims.
    siteUrl: (parsed.data.PUBLIC_URL ?? `http://localhost:${parsed.data.PORT}`).replace(/\/+$/, ''),
  };
}

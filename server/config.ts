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
    PUBLIC_URL: optionalUrl,
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    SEED_DEMO_DATA: z.enum(['auto', 'never']).default('auto'),
    SESSION_DAYS: z.coerce.number().int().min(1).max(365).default(30),
    /** How long an instance may keep serving a platform setting (launch mode) before reading it again. */
    SETTINGS_CACHE_SECONDS: z.coerce.number().min(0).max(3600).default(5),
    REDIS_URL: optionalUrl,
    SMTP_URL: optionalUrl,
    MAIL_FROM: z.string().default('Lina <no-reply@lina.example>'),
    S3_ENDPOINT: optionalUrl,
    S3_REGION: z.string().default('us-east-1'),
    S3_BUCKET: optionalText,
    S3_ACCESS_KEY_ID: optionalText,
    S3_SECRET_ACCESS_KEY: optionalText,
    TRUST_PROXY: z.preprocess((value) => value === 'true' || value === '1', z.boolean()).default(false),
  })
  .superRefine((config, context) => {
    const s3 = [config.S3_BUCKET, config.S3_ACCESS_KEY_ID, config.S3_SECRET_ACCESS_KEY];
    if (s3.some(Boolean) && !s3.every(Boolean)) {
      context.addIssue({
        code: 'custom',
        path: ['S3_BUCKET'],
        message: 'S3 storage needs S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY together',
      });
    }
  });

export type RawConfig = z.infer<typeof configSchema>;
export interface Config extends RawConfig {
  dataDir: string;
  isProduction: boolean;
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
  };
}

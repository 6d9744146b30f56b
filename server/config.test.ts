import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('configuration', () => {
  it('has working defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ PORT: 3000, NODE_ENV: 'development', SEED_DEMO_DATA: 'auto' });
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.dataDir).toBe(path.resolve('./data'));
  });

  it('honours PORT and DATA_DIR', () => {
    const config = loadConfig({ PORT: '8080', DATA_DIR: '/tmp/lina-data' });
    expect(config.PORT).toBe(8080);
    expect(config.dataDir).toBe('/tmp/lina-data');
  });

  it('names the variable and the value at fault', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT="eighty"/);
    expect(() => loadConfig({ DATABASE_URL: 'not a url' })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ NODE_ENV: 'staging' })).toThrow(/NODE_ENV/);
  });

  it('takes a read replica only beside DATABASE_URL, and a lag limit in seconds (docs/decisions/038)', () => {
    const primary = 'postgres://lina@db.internal/lina';
    const replica = 'postgres://lina@replica.internal/lina';
    expect(() => loadConfig({ DATABASE_READ_URL: replica })).toThrow(/DATABASE_READ_URL.*set DATABASE_URL too/);
    expect(() => loadConfig({ DATABASE_URL: primary, DATABASE_READ_URL: 'replica' })).toThrow(/DATABASE_READ_URL="replica"/);
    expect(() => loadConfig({ DATABASE_URL: primary, DATABASE_READ_MAX_LAG_SECONDS: '-1' })).toThrow(/DATABASE_READ_MAX_LAG_SECONDS/);
    expect(loadConfig({ DATABASE_URL: primary, DATABASE_READ_URL: replica })).toMatchObject({ DATABASE_READ_MAX_LAG_SECONDS: 5 });
  });

  it('schedules backups only on PostgreSQL with S3, under a prefix outside public/', () => {
    const s3 = { S3_BUCKET: 'lina', S3_ACCESS_KEY_ID: 'key', S3_SECRET_ACCESS_KEY: 'secret' };
    const primary = { DATABASE_URL: 'postgres://lina@db.internal/lina' };
    expect(loadConfig({})).toMatchObject({ BACKUP_EVERY_HOURS: 0, BACKUP_S3_PREFIX: 'backups/', BACKUP_KEEP_DAILY: 7 });
    expect(() => loadConfig({ BACKUP_EVERY_HOURS: '24', ...s3 })).toThrow(/BACKUP_EVERY_HOURS.*DATABASE_URL/);
    expect(() => loadConfig({ BACKUP_EVERY_HOURS: '24', ...primary })).toThrow(/BACKUP_EVERY_HOURS.*S3_BUCKET/);
    expect(loadConfig({ BACKUP_EVERY_HOURS: '24', ...primary, ...s3 }).BACKUP_EVERY_HOURS).toBe(24);
    for (const prefix of ['public/backups/', 'backups', '../x/', '/backups/'])
      expect(() => loadConfig({ BACKUP_S3_PREFIX: prefix })).toThrow(/BACKUP_S3_PREFIX/);
  });

  it('wants S3 settings together', () => {
    expect(() => loadConfig({ S3_BUCKET: 'photos' })).toThrow(/S3_ACCESS_KEY_ID/);
  });

  it('wants Stripe keys together (neither: pay on arrival), naming the missing one; STRIPE_API_URL is an http(s) address', () => {
    expect(loadConfig({}).STRIPE_SECRET_KEY).toBeUndefined();
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'sk_test_abc' })).toThrow(/STRIPE_WEBHOOK_SECRET is missing/);
    expect(() => loadConfig({ STRIPE_WEBHOOK_SECRET: 'whsec_abc' })).toThrow(/STRIPE_SECRET_KEY is missing/);
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'pk_test_abc', STRIPE_WEBHOOK_SECRET: 'whsec_abc' })).toThrow(/STRIPE_SECRET_KEY/);
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'sk_test_a', STRIPE_WEBHOOK_SECRET: 'whsec_a', STRIPE_API_URL: 'ftp://x' })).toThrow(
      /STRIPE_API_URL/,
    );
    const config = loadConfig({
      STRIPE_SECRET_KEY: 'sk_test_a',
      STRIPE_WEBHOOK_SECRET: 'whsec_a',
      STRIPE_API_URL: 'http://127.0.0.1:12111',
    });
    expect(config.STRIPE_API_URL).toBe('http://127.0.0.1:12111');
  });

  it('takes MAP_STYLE_URL as an http(s) address, unset when empty', () => {
    expect(loadConfig({ MAP_STYLE_URL: 'https://tiles.example.com/style.json' }).MAP_STYLE_URL).toBe(
      'https://tiles.example.com/style.json',
    );
    expect(loadConfig({ MAP_STYLE_URL: '' }).MAP_STYLE_URL).toBeUndefined();
    expect(() => loadConfig({ MAP_STYLE_URL: 'ftp://tiles.example.com/style.json' })).toThrow(/MAP_STYLE_URL/);
  });

  it('treats empty optional values as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', REDIS_URL: '' }).DATABASE_URL).toBeUndefined();
  });
});

describe('production safety', () => {
  it('refuses to start in production without PUBLIC_URL, naming it', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/PUBLIC_URL/);
    expect(loadConfig({ NODE_ENV: 'production', PUBLIC_URL: 'https://lina.example/' }).siteUrl).toBe('https://lina.example');
  });

  it('links to this machine in development when PUBLIC_URL is not set', () => {
    expect(loadConfig({ PORT: '4000' }).siteUrl).toBe('http://localhost:4000');
  });

  it('reads TRUST_PROXY as a hop count or a list of proxies, never "trust everyone"', () => {
    expect(loadConfig({}).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 192.0.2.1,loopback, fd00::/8' }).TRUST_PROXY).toEqual([
      '10.0.0.0/8',
      '192.0.2.1',
      'loopback',
      'fd00::/8',
    ]);
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY="true"/);
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/40' })).toThrow(/TRUST_PROXY/);
    expect(() => loadConfig({ TRUST_PROXY: 'proxy.internal' })).toThrow(/TRUST_PROXY/);
  });
});

describe('calendar sync', () => {
  it('refuses private addresses by default in production only, and syncs every 15 minutes unless told', () => {
    expect(loadConfig({}).CALENDAR_SYNC_PRIVATE_ADDRESSES).toBe('allow');
    expect(loadConfig({ NODE_ENV: 'production', PUBLIC_URL: 'https://lina.example' }).CALENDAR_SYNC_PRIVATE_ADDRESSES).toBe('refuse');
    expect(loadConfig({}).CALENDAR_SYNC_MINUTES).toBe(15);
    expect(() => loadConfig({ CALENDAR_SYNC_MINUTES: '0' })).toThrow(/CALENDAR_SYNC_MINUTES/);
    expect(
      loadConfig({ NODE_ENV: 'production', PUBLIC_URL: 'https://lina.example', CALENDAR_SYNC_PRIVATE_ADDRESSES: 'allow' })
        .CALENDAR_SYNC_PRIVATE_ADDRESSES,
    ).toBe('allow');
  });
});

describe('background jobs', () => {
  it('look for due work every 60 seconds unless JOBS_EVERY_SECONDS says otherwise (1-3600)', () => {
    expect(loadConfig({}).JOBS_EVERY_SECONDS).toBe(60);
    expect(loadConfig({ JOBS_EVERY_SECONDS: '2' }).JOBS_EVERY_SECONDS).toBe(2);
    expect(() => loadConfig({ JOBS_EVERY_SECONDS: '0' })).toThrow(/JOBS_EVERY_SECONDS/);
    expect(() => loadConfig({ JOBS_EVERY_SECONDS: '1.5' })).toThrow(/JOBS_EVERY_SECONDS/);
  });
});

describe('demo data', () => {
  it('is seeded by default outside production only: its accounts share a published password', () => {
    expect(loadConfig({}).SEED_DEMO_DATA).toBe('auto');
    expect(loadConfig({ NODE_ENV: 'production', PUBLIC_URL: 'https://lina.example' }).SEED_DEMO_DATA).toBe('never');
    expect(loadConfig({ NODE_ENV: 'production', PUBLIC_URL: 'https://lina.example', SEED_DEMO_DATA: 'auto' }).SEED_DEMO_DATA).toBe('auto');
  });
});

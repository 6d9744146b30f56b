import { describe, expect, it } from 'vitest';
import { databaseUnavailableReason } from './connection-errors.ts';

/** An error as node-postgres makes them: an Error with PostgreSQL's SQLSTATE or Node's socket code in `code`. */
const withCode = (code: string, message = 'failed') => Object.assign(new Error(message), { code });

describe('databaseUnavailableReason', () => {
  it('recognises a database that cannot be reached, also inside the error Drizzle wraps it in', () => {
    for (const code of ['ECONNREFUSED', 'ECONNRESET', '57P01', '57P02', '57P03', '53300', '08006', '08001', '08P01'])
      expect(databaseUnavailableReason(withCode(code))).toBe(code);
    expect(databaseUnavailableReason(new Error('Failed query: select 1', { cause: withCode('57P01') }))).toBe('57P01');
    expect(databaseUnavailableReason(new Error('Connection terminated unexpectedly'))).toBe('Connection terminated unexpectedly');
    expect(databaseUnavailableReason(new AggregateError([withCode('ECONNREFUSED'), withCode('ECONNREFUSED')]))).toBe('ECONNREFUSED');
  });

  it('leaves errors of the statement itself, and anything else, to the 500 they are', () => {
    for (const code of ['23505', '42P01', '22P02', '40001', 'ENOENT']) expect(databaseUnavailableReason(withCode(code))).toBeUndefined();
    expect(databaseUnavailableReason(new Error('Failed query', { cause: withCode('23505') }))).toBeUndefined();
    expect(databaseUnavailableReason(new Error('boom'))).toBeUndefined();
    expect(databaseUnavailableReason('Connection terminated')).toBeUndefined();
    expect(databaseUnavailableReason(undefined)).toBeUndefined();
  });
});

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { parseSecondFactorCode, secondFactorRequired } from '../../../core/second-factor-rules.ts';
import { recordSecurityEvent } from '../../audit/security-events-repository.ts';
import { HttpError } from '../../http/errors.ts';
import { clientInfo, requireUser } from '../../http/request-user.ts';
import { enforceRateLimit } from '../../rate-limit/enforce-rate-limit.ts';
import type { RateLimiter } from '../../rate-limit/rate-limiter.ts';
import { authRateLimits } from './auth-rate-limits.ts';
import { findCredentials } from './auth-repository.ts';
import { verifyPassword } from './passwords.ts';
import type { SecretBox } from './secret-box.ts';
import {
  confirmTotp,
  consumeChallenge,
  countFailedAttempt,
  countRecoveryCodesLeft,
  findChallenge,
  findTotp,
  listPasskeys,
  removeTotp,
  replaceRecoveryCodes,
  saveTotpSetup,
} from './second-factor-repository.ts';
import { checkSecondFactorCode, hashOf, newRecoveryCodes, pendingSignInAttempts } from './second-factor-step.ts';
import { startSession, type SessionSettings } from './session-start.ts';
import { newTotpSecret, totpQrSvg, totpTimeStep, totpUri } from './totp.ts';
import { route } from '../../http/route.ts';

/**
 * The authenticator app (TOTP) on the security page and the sign-in step after the password
 * (docs/decisions/051-second-factor-and-passkeys.md). Every code is counted by the sign-in limits
 * before it is judged, per member (whoever sends it) and per client address.
 */
export interface SecondFactorRoutesOptions {
  session: SessionSettings;
  rateLimiter: RateLimiter;
  secretBox: SecretBox;
}

export const secondFactorRoutes: FastifyPluginAsyncZod<SecondFactorRoutesOptions> = async (app, { session, rateLimiter, secretBox }) => {
  const { db } = session;
  const wrongCode = () => new HttpError(400, 'invalid_second_factor_code', 'That code is not right. Try the newest code from your app.');

  /** Counts a code against the member's and the address's limits (429 beyond them). */
  const limitCodes = async (reply: Parameters<typeof enforceRateLimit>[1], ip: string, userId: string) => {
    await enforceRateLimit(rateLimiter, reply, `second-factor:ip:${ip}`, authRateLimits.secondFactorPerIp);
    await enforceRateLimit(rateLimiter, reply, `second-factor:account:${userId}`, authRateLimits.secondFactorPerAccount);
  };

  route(app, 'GET /api/auth/two-factor', async (request, reply) => {
    const user = requireUser(request);
    reply.header('Cache-Control', 'no-store');
    const [totp, recoveryCodesLeft, keys] = await Promise.all([
      findTotp(db, user.id),
      countRecoveryCodesLeft(db, user.id),
      listPasskeys(db, user.id),
    ]);
    return {
      totpEnabled: Boolean(totp?.confirmedAt),
      recoveryCodesLeft: totp?.confirmedAt ? recoveryCodesLeft : 0,
      passkeys: keys.map((key) => ({
        id: key.id,
        name: key.name,
        createdAt: key.createdAt.toISOString(),
        lastUsedAt: key.lastUsedAt?.toISOString() ?? null,
      })),
      required: secondFactorRequired(user.role, session.isProduction),
    };
  });

  route(app, 'POST /api/auth/two-factor/totp/setup', async (request, reply) => {
    const user = requireUser(request);
    reply.header('Cache-Control', 'no-store');
    await enforceRateLimit(rateLimiter, reply, `totp-setup:account:${user.id}`, authRateLimits.totpSetupPerAccount);
    const secret = newTotpSecret();
    if (!(await saveTotpSetup(db, user.id, secretBox.seal(secret)))) {
      throw new HttpError(
        409,
        'two_factor_already_enabled',
        'An authenticator app is already set up. Turn it off first to set up another.',
      );
    }
    const otpauthUri = totpUri(secret, user.email);
    return { secret, otpauthUri, qrSvg: await totpQrSvg(otpauthUri) };
  });

  route(app, 'POST /api/auth/two-factor/totp/confirm', async (request, reply) => {
    const user = requireUser(request);
    reply.header('Cache-Control', 'no-store');
    await limitCodes(reply, request.ip, user.id);
    const totp = await findTotp(db, user.id);
    if (totp?.confirmedAt) throw new HttpError(409, 'two_factor_already_enabled', 'An authenticator app is already set up.');
    if (!totp) throw new HttpError(409, 'two_factor_not_enabled', 'Begin the setup first.');
    const code = parseSecondFactorCode(request.body.code);
    const step = code?.kind === 'totp' ? await totpTimeStep(secretBox.open(totp.secret), code.code) : null;
    if (step === null) throw wrongCode();
    const { codes, hashes } = newRecoveryCodes();
    if (!(await confirmTotp(db, user.id, step, hashes)))
      throw new HttpError(409, 'two_factor_already_enabled', 'An authenticator app is already set up.');
    void recordSecurityEvent(db, request.log, {
      userId: user.id,
      eventType: 'SECOND_FACTOR_CHANGED',
      description: 'Authenticator app added',
      ...clientInfo(request),
    });
    return { recoveryCodes: codes };
  });

  /** The password and a current code (or a recovery code), for turning the app off or new recovery codes. */
  const checkPasswordAndCode = async (
    request: { ip: string; body: { password: string; code: string } },
    reply: Parameters<typeof enforceRateLimit>[1],
    user: { id: string; email: string },
  ) => {
    await limitCodes(reply, request.ip, user.id);
    const totp = await findTotp(db, user.id);
    if (!totp?.confirmedAt) throw new HttpError(409, 'two_factor_not_enabled', 'No authenticator app is set up.');
    const account = await findCredentials(db, user.email);
    if (!account || !(await verifyPassword(request.body.password, account.passwordHash))) {
      throw new HttpError(400, 'invalid_credentials', 'That password is not right.');
    }
    if (!(await checkSecondFactorCode(db, secretBox, user.id, request.body.code))) throw wrongCode();
  };

  route(app, 'POST /api/auth/two-factor/totp/disable', async (request, reply) => {
    const user = requireUser(request);
    await checkPasswordAndCode(request, reply, user);
    await removeTotp(db, user.id);
    void recordSecurityEvent(db, request.log, {
      userId: user.id,
      eventType: 'SECOND_FACTOR_CHANGED',
      description: 'Authenticator app removed',
      ...clientInfo(request),
    });
    return { ok: true as const };
  });

  route(app, 'POST /api/auth/two-factor/recovery-codes', async (request, reply) => {
    const user = requireUser(request);
    reply.header('Cache-Control', 'no-store');
    await checkPasswordAndCode(request, reply, user);
    const { codes, hashes } = newRecoveryCodes();
    await replaceRecoveryCodes(db, user.id, hashes);
    void recordSecurityEvent(db, request.log, {
      userId: user.id,
      eventType: 'SECOND_FACTOR_CHANGED',
      description: 'New recovery codes',
      ...clientInfo(request),
    });
    return { recoveryCodes: codes };
  });

  route(app, 'POST /api/auth/sign-in/second-factor', async (request, reply) => {
    const { token, code } = request.body;
    const id = hashOf(token);
    await enforceRateLimit(rateLimiter, reply, `second-factor:ip:${request.ip}`, authRateLimits.secondFactorPerIp);
    const step = await findChallenge(db, id, 'second_factor', new Date());
    if (!step?.userId) throw new HttpError(400, 'second_factor_step_expired', 'This sign-in has expired. Enter your password again.');
    await enforceRateLimit(rateLimiter, reply, `second-factor:account:${step.userId}`, authRateLimits.secondFactorPerAccount);
    if (!(await checkSecondFactorCode(db, secretBox, step.userId, code))) {
      await countFailedAttempt(db, id, pendingSignInAttempts);
      void recordSecurityEvent(db, request.log, {
        userId: step.userId,
        eventType: 'LOGIN_FAILED',
        description: 'Failed sign-in: wrong second-factor code',
        ...clientInfo(request),
      });
      throw new HttpError(401, 'invalid_second_factor_code', 'That code is not right. Try the newest code from your app.');
    }
    if (!(await consumeChallenge(db, id, new Date()))) {
      throw new HttpError(400, 'second_factor_step_expired', 'This sign-in has expired. Enter your password again.');
    }
    return { user: await startSession(session, request, reply, step.userId, 'a second-factor code') };
  });
};

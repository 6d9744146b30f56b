/**
 * Over 300 lines on purpose: the eight passkey routes share one relying party, one assertion check
 * and one set of refusals, and each WebAuthn ceremony (begin, answer) reads best side by side.
 */
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signInRefusal } from '../../../core/sign-in-rules.ts';
import { recordSecurityEvent } from '../../audit/security-events-repository.ts';
import { HttpError } from '../../http/errors.ts';
import { clientInfo, requireUser } from '../../http/request-user.ts';
import { enforceRateLimit } from '../../rate-limit/enforce-rate-limit.ts';
import type { RateLimiter } from '../../rate-limit/rate-limiter.ts';
import { authRateLimits } from './auth-rate-limits.ts';
import {
  consumeChallenge,
  countFailedAttempt,
  deletePasskey,
  findAccountById,
  findChallenge,
  findPasskeyByCredentialId,
  insertPasskey,
  listPasskeys,
  recordPasskeyUse,
  renamePasskey,
  setChallengeWebauthn,
} from './second-factor-repository.ts';
import { hashOf, openChallenge, pendingSignInAttempts, webauthnCeremonyMinutes } from './second-factor-step.ts';
import { startSession, type SessionSettings } from './session-start.ts';
import { route } from '../../http/route.ts';

/**
 * Passkeys (WebAuthn, with @simplewebauthn/server): added on the security page, used to sign in
 * without a password, or as the second factor after one (decision 051). The relying party is the
 * site's configured address (PUBLIC_URL), never a request header. Each ceremony's challenge is kept
 * on the server with the step's token and used once.
 */
export interface PasskeyRoutesOptions {
  session: SessionSettings;
  rateLimiter: RateLimiter;
  /** The site's configured address: its host name is the relying party id, its origin the only origin accepted. */
  siteUrl: string;
}

const expired = () => new HttpError(400, 'second_factor_step_expired', 'This step has expired. Please start again.');
const notRecognised = () => new HttpError(401, 'passkey_not_recognised', 'That passkey was not recognised.');

export const passkeyRoutes: FastifyPluginAsyncZod<PasskeyRoutesOptions> = async (app, { session, rateLimiter, siteUrl }) => {
  const { db } = session;
  const site = new URL(siteUrl);
  const rpID = site.hostname;
  const expectedOrigin = site.origin;
  const limit = (reply: Parameters<typeof enforceRateLimit>[1], ip: string) =>
    enforceRateLimit(rateLimiter, reply, `passkey:ip:${ip}`, authRateLimits.passkeyPerIp);

  const summaryOf = (key: { id: string; name: string; createdAt: Date; lastUsedAt: Date | null }) => ({
    id: key.id,
    name: key.name,
    createdAt: key.createdAt.toISOString(),
    lastUsedAt: key.lastUsedAt?.toISOString() ?? null,
  });

  /** Checks an assertion against the stored passkey and records its counter; the passkey, or a refusal. */
  const verifyAssertion = async (
    credential: AuthenticationResponseJSON,
    challenge: string,
    requireUserVerification: boolean,
    ofUser?: string,
  ) => {
    const passkey = await findPasskeyByCredentialId(db, credential.id);
    if (!passkey || (ofUser && passkey.userId !== ofUser)) return null;
    const result = await verifyAuthenticationResponse({
      response: credential,
      expectedChallenge: challenge,
      expectedOrigin,
      expectedRPID: rpID,
      credential: {
        id: passkey.credentialId,
        publicKey: new Uint8Array(Buffer.from(passkey.publicKey, 'base64url')),
        counter: passkey.counter,
        transports: passkey.transports,
      },
      requireUserVerification,
    }).catch(() => null);
    if (!result?.verified) return null;
    if (!(await recordPasskeyUse(db, passkey.id, passkey.counter, result.authenticationInfo.newCounter))) return null;
    return passkey;
  };

  route(app, 'POST /api/auth/passkeys/registration-options', async (request, reply) => {
    const user = requireUser(request);
    await limit(reply, request.ip);
    const existing = await listPasskeys(db, user.id);
    const options = await generateRegistrationOptions({
      rpName: 'Lina',
      rpID,
      userName: user.email,
      userDisplayName: `${user.firstName} ${user.lastName}`.trim() || user.email,
      userID: new TextEncoder().encode(user.id),
      attestationType: 'none',
      excludeCredentials: existing.map((key) => ({ id: key.credentialId, transports: key.transports })),
      // A discoverable credential, so it can sign in without typing the e-mail.
      authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
    });
    const { token } = await openChallenge(db, 'passkey_register', user.id, webauthnCeremonyMinutes, options.challenge);
    return { token, options: { ...options } };
  });

  route(app, 'POST /api/auth/passkeys', async (request, reply) => {
    const user = requireUser(request);
    await limit(reply, request.ip);
    const id = hashOf(request.body.token);
    const step = await findChallenge(db, id, 'passkey_register', new Date());
    if (!step?.webauthnChallenge || step.userId !== user.id || !(await consumeChallenge(db, id, new Date()))) throw expired();
    const result = await verifyRegistrationResponse({
      response: request.body.credential as RegistrationResponseJSON,
      expectedChallenge: step.webauthnChallenge,
      expectedOrigin,
      expectedRPID: rpID,
      requireUserVerification: false,
    }).catch(() => null);
    if (!result?.verified) throw notRecognised();
    const { credential } = result.registrationInfo;
    const inserted = await insertPasskey(db, {
      userId: user.id,
      credentialId: credential.id,
      publicKey: Buffer.from(credential.publicKey).toString('base64url'),
      counter: credential.counter,
      transports: credential.transports ?? [],
      name: request.body.name,
    });
    if (!inserted) throw new HttpError(409, 'passkey_not_recognised', 'This passkey is already added.');
    void recordSecurityEvent(db, request.log, {
      userId: user.id,
      eventType: 'SECOND_FACTOR_CHANGED',
      description: 'Passkey added',
      ...clientInfo(request),
    });
    const added = (await listPasskeys(db, user.id)).find((key) => key.id === inserted.id);
    if (!added) throw new Error('passkey vanished right after it was added');
    return reply.status(201).send(summaryOf(added));
  });

  route(app, 'PATCH /api/auth/passkeys/:id', async (request) => {
    const user = requireUser(request);
    if (!(await renamePasskey(db, user.id, request.params.id, request.body.name))) throw new HttpError(404, 'not_found', 'No such passkey');
    const renamed = (await listPasskeys(db, user.id)).find((key) => key.id === request.params.id);
    if (!renamed) throw new HttpError(404, 'not_found', 'No such passkey');
    return summaryOf(renamed);
  });

  route(app, 'DELETE /api/auth/passkeys/:id', async (request, reply) => {
    const user = requireUser(request);
    if (!(await deletePasskey(db, user.id, request.params.id))) throw new HttpError(404, 'not_found', 'No such passkey');
    void recordSecurityEvent(db, request.log, {
      userId: user.id,
      eventType: 'SECOND_FACTOR_CHANGED',
      description: 'Passkey removed',
      ...clientInfo(request),
    });
    return reply.status(204).send(null);
  });

  route(app, 'POST /api/auth/passkeys/sign-in-options', async (request, reply) => {
    await limit(reply, request.ip);
    // No allowed list: the authenticator offers the passkeys it holds for this site.
    const options = await generateAuthenticationOptions({ rpID, userVerification: 'required' });
    const { token } = await openChallenge(db, 'passkey_sign_in', null, webauthnCeremonyMinutes, options.challenge);
    return { token, options: { ...options } };
  });

  route(app, 'POST /api/auth/passkeys/sign-in', async (request, reply) => {
    await limit(reply, request.ip);
    const id = hashOf(request.body.token);
    const step = await findChallenge(db, id, 'passkey_sign_in', new Date());
    if (!step?.webauthnChallenge || !(await consumeChallenge(db, id, new Date()))) throw expired();
    // A passkey proves possession and, verified by the authenticator, the person: the whole sign-in.
    const passkey = await verifyAssertion(request.body.credential as AuthenticationResponseJSON, step.webauthnChallenge, true);
    if (!passkey) {
      void recordSecurityEvent(db, request.log, {
        userId: null,
        eventType: 'LOGIN_FAILED',
        description: 'Failed passkey sign-in',
        ...clientInfo(request),
      });
      throw notRecognised();
    }
    const account = await findAccountById(db, passkey.userId);
    const refusal = signInRefusal(account ?? undefined, true, false);
    if (refusal === 'account_suspended') throw new HttpError(403, 'account_suspended', 'This account is suspended.');
    if (refusal === 'email_not_confirmed') throw new HttpError(403, 'email_not_confirmed', 'Please confirm your email address first.');
    if (refusal || !account) throw notRecognised();
    return { user: await startSession(session, request, reply, account.id, 'a passkey') };
  });

  route(app, 'POST /api/auth/sign-in/second-factor/passkey-options', async (request, reply) => {
    await limit(reply, request.ip);
    const id = hashOf(request.body.token);
    const step = await findChallenge(db, id, 'second_factor', new Date());
    if (!step?.userId) throw expired();
    const keys = await listPasskeys(db, step.userId);
    if (keys.length === 0) throw new HttpError(400, 'passkey_not_recognised', 'This account has no passkey.');
    const options = await generateAuthenticationOptions({
      rpID,
      userVerification: 'preferred',
      allowCredentials: keys.map((key) => ({ id: key.credentialId, transports: key.transports })),
    });
    await setChallengeWebauthn(db, id, options.challenge);
    return { token: request.body.token, options: { ...options } };
  });

  route(app, 'POST /api/auth/sign-in/second-factor/passkey', async (request, reply) => {
    await limit(reply, request.ip);
    const id = hashOf(request.body.token);
    const step = await findChallenge(db, id, 'second_factor', new Date());
    if (!step?.userId || !step.webauthnChallenge) throw expired();
    await enforceRateLimit(rateLimiter, reply, `second-factor:account:${step.userId}`, authRateLimits.secondFactorPerAccount);
    const passkey = await verifyAssertion(
      request.body.credential as AuthenticationResponseJSON,
      step.webauthnChallenge,
      false,
      step.userId,
    );
    if (!passkey) {
      await countFailedAttempt(db, id, pendingSignInAttempts);
      void recordSecurityEvent(db, request.log, {
        userId: step.userId,
        eventType: 'LOGIN_FAILED',
        description: 'Failed sign-in: passkey not recognised',
        ...clientInfo(request),
      });
      throw notRecognised();
    }
    if (!(await consumeChallenge(db, id, new Date()))) throw expired();
    return { user: await startSession(session, request, reply, step.userId, 'a passkey as second factor') };
  });
};

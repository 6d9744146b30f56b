import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import Stripe from 'stripe';
import { switchable } from './switchable-server.ts';

/**
 * A stand-in for the part of Stripe's API Lina uses (docs/decisions/024-payments.md), so tests never
 * reach Stripe: the official SDK is pointed at it (STRIPE_API_URL → host, port, protocol). Requests
 * are form-encoded as the SDK sends them, answers are Stripe's JSON objects (`object`, ids prefixed
 * cs_, pi_, re_, evt_) and errors Stripe's error shape. Idempotency-Key is honoured: a repeated key
 * gets the first answer and changes nothing, as at Stripe. A refund's key repeated with other
 * parameters (another amount or PaymentIntent) is refused with Stripe's idempotency_error, as Stripe
 * refuses any call's (checked for refunds only, whose retries must repeat exactly what was sent).
 * A refund is refused above what its PaymentIntent took less what was refunded from it already
 * (amount_too_large), as at Stripe: a long stay's refund cannot all go on one month's charge.
 *
 *   POST /v1/checkout/sessions               GET /v1/checkout/sessions/:id
 *   POST /v1/checkout/sessions/:id/expire    GET /v1/payment_intents/:id
 *   POST /v1/payment_intents/:id/capture     POST /v1/payment_intents/:id/cancel
 *   POST /v1/refunds
 *   POST /v1/customers                       POST /v1/payment_intents (off_session + confirm)
 *   GET  /v1/payment_intents (a list: customer, created[gte], limit, starting_after; newest first)
 *
 * Long stays (decision 054): a session made with `customer` and
 * payment_intent_data[setup_future_usage]=off_session saves the card paid with as a PaymentMethod of
 * that customer (pm_…), named on its PaymentIntent. An off-session PaymentIntent charges a saved card
 * or one of Stripe's documented test methods: pm_card_visa succeeds, pm_card_chargeDeclined is
 * declined (402 card_error card_declined), pm_card_authenticationRequired answers 402 card_error
 * authentication_required. A card paid with on the page behaves later as Stripe's test numbers do:
 * 4242… succeeds, 4000002760003184 needs authentication off-session, 4000000000000341 is saved but
 * declined when charged (4000000000000002 is declined on the page itself). `setCardBehaviour` changes
 * a saved card's later behaviour (a card that expires between two months).
 *
 * And the hosted page: GET /pay/:session shows a card form; paying holds the card (the PaymentIntent
 * requires_capture), posts a signed checkout.session.completed (the SDK's generateTestHeaderString
 * with the webhook secret) to the webhook, then redirects to the session's success_url.
 *
 * Any caller with a key may create a session, as on one Stripe account a Payment Link or another
 * integration does (a Payment Link's payer chooses its client_reference_id): tests make such sessions
 * with the SDK to check that the webhook acts only on sessions Lina opened. `withholdEvents` and
 * `deliverWithheld` deliver events late, after the booking has moved on.
 *
 * Faults (setFault), for the API only, as Stripe's incidents look from a client: `delayMs` answers
 * late what was carried out at once (the answer, not the work, is slow); `status: 500` answers
 * Stripe's api_error after the delay and carries nothing out.
 */

export interface StandInSession {
  id: string;
  object: 'checkout.session';
  mode: 'payment';
  status: 'open' | 'complete' | 'expired';
  payment_status: 'unpaid' | 'paid';
  amount_total: number;
  currency: string;
  url: string | null;
  success_url: string;
  cancel_url: string;
  expires_at: number;
  created: number;
  metadata: Record<string, string>;
  client_reference_id: string | null;
  customer_email: string | null;
  payment_intent: string | null;
  livemode: false;
  customer: string | null;
  /** Not Stripe's: the form's capture method, kept for the PaymentIntent made when paying. */
  capture_method: string;
  payment_intent_metadata: Record<string, string>;
  setup_future_usage: string | null;
}

/** How a card behaves when charged later, off-session (Stripe's test cards). */
export type CardBehaviour = 'succeeds' | 'declined' | 'authentication_required';

export interface StandInPaymentIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  amount_capturable: number;
  amount_received: number;
  currency: string;
  capture_method: string;
  status: 'requires_capture' | 'succeeded' | 'canceled' | 'requires_payment_method';
  metadata: Record<string, string>;
  customer: string | null;
  payment_method: string | null;
  created: number;
  livemode: false;
  /** Why the last confirmation failed (Stripe's card error: type, code, decline_code), or null. */
  last_payment_error: { type: string; code: string; decline_code?: string; message: string } | null;
}

export interface StandInRefund {
  id: string;
  object: 'refund';
  amount: number;
  currency: string;
  payment_intent: string;
  status: 'succeeded';
  created: number;
}

/** Every API call, in order: what was asked, and whether an Idempotency-Key made it a replay. */
export interface StandInCall {
  method: string;
  path: string;
  idempotencyKey: string | null;
  replayed: boolean;
  status: number;
}

/** Where events go: a URL (a running server), or a function (an app called with inject). */
export type WebhookTarget = string | ((payload: string, signature: string) => Promise<number>);

/** How the API misbehaves (setFault): slow answers, and 500s instead of doing anything. */
export interface StandInFault {
  delayMs?: number;
  status?: 500;
}

const id = (prefix: string) => `${prefix}_test_${randomBytes(12).toString('hex')}`;
const now = () => Math.floor(Date.now() / 1000);

/** Stripe's form encoding: a[b][0][c]=v → { a: { b: [{ c: 'v' }] } }. */
export function parseStripeForm(body: string): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const parts = key.split(/\[|\]\[|\]/).filter((part) => part !== '');
    let node: Record<string, unknown> = result;
    parts.forEach((part, index) => {
      if (index === parts.length - 1) node[part] = value;
      else node = (node[part] ??= {}) as Record<string, unknown>;
    });
  }
  return result;
}

class StripeStandInError extends Error {
  constructor(
    readonly status: number,
    readonly type: string,
    message: string,
    readonly code?: string,
    readonly param?: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

/** Stripe's documented test payment methods, usable without a customer's saved card. */
const testMethods: Record<string, CardBehaviour> = {
  pm_card_visa: 'succeeds',
  pm_card_chargeDeclined: 'declined',
  pm_card_authenticationRequired: 'authentication_required',
};

/** How a card number paid with on the page behaves when charged off-session later. */
function behaviourOfNumber(cardNumber: string): CardBehaviour {
  const digits = cardNumber.replace(/\s/g, '');
  if (digits === '4000002760003184') return 'authentication_required';
  if (digits === '4000000000000341') return 'declined';
  return 'succeeds';
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export async function startStripeStandIn(options: { webhookSecret: string; webhook?: WebhookTarget; port?: number }) {
  const sessions = new Map<string, StandInSession>();
  const intents = new Map<string, StandInPaymentIntent>();
  const refunds: StandInRefund[] = [];
  const customers = new Map<string, { id: string; object: 'customer'; email: string | null; metadata: Record<string, string> }>();
  /** Saved cards: pm id → its customer and how it behaves when charged. */
  const savedCards = new Map<string, { customer: string; behaviour: CardBehaviour }>();
  const calls: StandInCall[] = [];
  const events: { id: string; payload: string }[] = [];
  const idempotent = new Map<string, { status: number; body: unknown; request: string }>();
  const signer = new Stripe('sk_test_stand_in');
  let webhook = options.webhook;
  let baseUrl = '';
  /** While set, events wait here instead of being delivered (a webhook Stripe delivers late). */
  let withheld: string[] | null = null;
  let fault: StandInFault | null = null;
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  const notFound = (what: string, value: string) =>
    new StripeStandInError(404, 'invalid_request_error', `No such ${what}: '${value}'`, 'resource_missing', 'id');

  /** Signs and delivers an event as Stripe would; returns the webhook's HTTP status. */
  async function deliver(payload: string): Promise<number> {
    if (withheld) {
      withheld.push(payload);
      return 0;
    }
    if (!webhook) return 0;
    const signature = signer.webhooks.generateTestHeaderString({ payload, secret: options.webhookSecret });
    if (typeof webhook === 'function') return webhook(payload, signature);
    const response = await fetch(webhook, {
      method: 'POST',
      headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature },
      body: payload,
    });
    return response.status;
  }

  function event(type: string, object: unknown): string {
    const payload = JSON.stringify(
      {
        id: id('evt'),
        object: 'event',
        api_version: '2025-11-17.clover',
        created: now(),
        type,
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
        data: { object },
      },
      null,
      2,
    );
    events.push({ id: (JSON.parse(payload) as { id: string }).id, payload });
    return payload;
  }

  const publicSession = (session: StandInSession) => {
    const { capture_method: _capture, payment_intent_metadata: _metadata, ...shown } = session;
    return shown;
  };

  function session(sessionId: string) {
    const found = sessions.get(sessionId);
    if (!found) throw notFound('checkout.session', sessionId);
    return found;
  }
  function intent(intentId: string) {
    const found = intents.get(intentId);
    if (!found) throw notFound('payment_intent', intentId);
    return found;
  }

  /** The API itself: one answer per request, Stripe's objects and errors. */
  function answer(method: string, path: string, form: Record<string, unknown>): { status: number; body: unknown } {
    let match: RegExpMatchArray | null;
    if (method === 'POST' && path === '/v1/checkout/sessions') {
      const lines = form.line_items as Record<string, { quantity?: string; price_data?: { unit_amount?: string; currency?: string } }>;
      const items = Object.values(lines ?? {});
      if (!items.length)
        throw new StripeStandInError(400, 'invalid_request_error', 'Missing required param: line_items.', 'parameter_missing');
      const amount = items.reduce((sum, item) => sum + Number(item.price_data?.unit_amount ?? 0) * Number(item.quantity ?? 1), 0);
      const expiresAt = Number(form.expires_at ?? now() + 24 * 3600);
      if (expiresAt < now() + 30 * 60 - 5 || expiresAt > now() + 24 * 3600) {
        throw new StripeStandInError(
          400,
          'invalid_request_error',
          'The `expires_at` timestamp must be between 30 minutes and 24 hours from Checkout Session creation.',
          'parameter_invalid_integer',
          'expires_at',
        );
      }
      if (!form.success_url)
        throw new StripeStandInError(400, 'invalid_request_error', 'Missing required param: success_url.', 'parameter_missing');
      const intentData = (form.payment_intent_data ?? {}) as {
        capture_method?: string;
        metadata?: Record<string, string>;
        setup_future_usage?: string;
      };
      const customer = (form.customer as string | undefined) ?? null;
      if (customer && !customers.has(customer)) throw notFound('customer', customer);
      if (customer && form.customer_email) {
        throw new StripeStandInError(
          400,
          'invalid_request_error',
          'You may only specify one of these parameters: customer, customer_email.',
        );
      }
      const created: StandInSession = {
        id: id('cs'),
        object: 'checkout.session',
        mode: 'payment',
        status: 'open',
        payment_status: 'unpaid',
        amount_total: amount,
        currency: String(items[0]!.price_data?.currency ?? 'ils'),
        url: null,
        success_url: String(form.success_url),
        cancel_url: String(form.cancel_url ?? ''),
        expires_at: expiresAt,
        created: now(),
        metadata: (form.metadata ?? {}) as Record<string, string>,
        client_reference_id: (form.client_reference_id as string | undefined) ?? null,
        customer_email: (form.customer_email as string | undefined) ?? null,
        payment_intent: null,
        livemode: false,
        customer,
        capture_method: intentData.capture_method ?? 'automatic',
        payment_intent_metadata: intentData.metadata ?? {},
        setup_future_usage: intentData.setup_future_usage ?? null,
      };
      created.url = `${baseUrl}/pay/${created.id}`;
      sessions.set(created.id, created);
      return { status: 200, body: publicSession(created) };
    }
    if (method === 'GET' && (match = path.match(/^\/v1\/checkout\/sessions\/([\w]+)$/))) {
      return { status: 200, body: publicSession(session(match[1]!)) };
    }
    if (method === 'POST' && (match = path.match(/^\/v1\/checkout\/sessions\/([\w]+)\/expire$/))) {
      const found = session(match[1]!);
      if (found.status !== 'open') {
        throw new StripeStandInError(400, 'invalid_request_error', `Only Checkout Sessions with a status in ["open"] can be expired.`);
      }
      found.status = 'expired';
      found.url = null;
      void deliver(event('checkout.session.expired', publicSession(found))).catch(() => undefined);
      return { status: 200, body: publicSession(found) };
    }
    if (method === 'GET' && path === '/v1/payment_intents') {
      // Stripe's list: newest first, `limit` (1–100, default 10) per page, the next page after `starting_after`.
      const limit = Math.min(100, Math.max(1, Number(form.limit ?? 10)));
      const since = (form.created as { gte?: string } | undefined)?.gte;
      const all = [...intents.values()]
        .map((found, order) => ({ found, order }))
        .filter(
          ({ found }) => (!form.customer || found.customer === form.customer) && (since === undefined || found.created >= Number(since)),
        )
        .sort((a, b) => b.found.created - a.found.created || b.order - a.order)
        .map(({ found }) => found);
      const after = form.starting_after ? all.findIndex((found) => found.id === form.starting_after) + 1 : 0;
      const page = all.slice(after, after + limit);
      return {
        status: 200,
        body: { object: 'list', url: '/v1/payment_intents', has_more: after + limit < all.length, data: page },
      };
    }
    if (method === 'GET' && (match = path.match(/^\/v1\/payment_intents\/([\w]+)$/))) {
      return { status: 200, body: intent(match[1]!) };
    }
    if (method === 'POST' && (match = path.match(/^\/v1\/payment_intents\/([\w]+)\/(capture|cancel)$/))) {
      const found = intent(match[1]!);
      const capture = match[2] === 'capture';
      if (found.status !== 'requires_capture') {
        throw new StripeStandInError(
          400,
          'invalid_request_error',
          `This PaymentIntent could not be ${capture ? 'captured' : 'canceled'} because it has a status of ${found.status}.`,
          'payment_intent_unexpected_state',
        );
      }
      if (capture) {
        found.status = 'succeeded';
        found.amount_received = found.amount;
      } else found.status = 'canceled';
      found.amount_capturable = 0;
      return { status: 200, body: found };
    }
    if (method === 'POST' && path === '/v1/customers') {
      const created = {
        id: id('cus'),
        object: 'customer' as const,
        email: (form.email as string | undefined) ?? null,
        metadata: (form.metadata ?? {}) as Record<string, string>,
      };
      customers.set(created.id, created);
      return { status: 200, body: created };
    }
    if (method === 'POST' && path === '/v1/payment_intents') {
      const amount = Number(form.amount);
      if (!Number.isInteger(amount) || amount <= 0) {
        throw new StripeStandInError(400, 'invalid_request_error', 'Invalid positive integer', 'parameter_invalid_integer', 'amount');
      }
      const methodId = String(form.payment_method ?? '');
      const customer = (form.customer as string | undefined) ?? null;
      const saved = savedCards.get(methodId);
      if (saved && saved.customer !== customer) {
        throw new StripeStandInError(
          400,
          'invalid_request_error',
          `The provided PaymentMethod ${methodId} does not belong to the Customer.`,
        );
      }
      const behaviour = saved?.behaviour ?? testMethods[methodId];
      if (!behaviour) throw notFound('payment_method', methodId);
      if (form.confirm !== 'true') {
        throw new StripeStandInError(
          400,
          'invalid_request_error',
          'The stand-in only confirms at once (confirm=true).',
          'parameter_missing',
        );
      }
      const created: StandInPaymentIntent = {
        id: id('pi'),
        object: 'payment_intent',
        amount,
        amount_capturable: 0,
        amount_received: behaviour === 'succeeds' ? amount : 0,
        currency: String(form.currency ?? 'ils'),
        capture_method: 'automatic',
        status: behaviour === 'succeeds' ? 'succeeded' : 'requires_payment_method',
        metadata: (form.metadata ?? {}) as Record<string, string>,
        customer,
        payment_method: methodId,
        created: now(),
        livemode: false,
        // Stripe keeps the refusal on the PaymentIntent (status requires_payment_method) for whoever reads it later.
        last_payment_error:
          behaviour === 'declined'
            ? { type: 'card_error', code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' }
            : behaviour === 'authentication_required'
              ? {
                  type: 'card_error',
                  code: 'authentication_required',
                  decline_code: 'authentication_required',
                  message: 'Your card was declined. This transaction requires authentication.',
                }
              : null,
      };
      intents.set(created.id, created);
      if (behaviour === 'declined') {
        throw new StripeStandInError(402, 'card_error', 'Your card was declined.', 'card_declined', undefined, {
          decline_code: 'generic_decline',
          payment_intent: created,
        });
      }
      if (behaviour === 'authentication_required') {
        throw new StripeStandInError(
          402,
          'card_error',
          'Your card was declined. This transaction requires authentication.',
          'authentication_required',
          undefined,
          { decline_code: 'authentication_required', payment_intent: created },
        );
      }
      return { status: 200, body: created };
    }
    if (method === 'POST' && path === '/v1/refunds') {
      const found = intent(String(form.payment_intent ?? ''));
      const refunded = refunds.filter((refund) => refund.payment_intent === found.id).reduce((sum, refund) => sum + refund.amount, 0);
      const amount = form.amount === undefined ? found.amount_received - refunded : Number(form.amount);
      if (found.status !== 'succeeded') {
        throw new StripeStandInError(
          400,
          'invalid_request_error',
          'This PaymentIntent does not have a successful charge to refund.',
          'charge_not_refundable',
        );
      }
      if (!Number.isInteger(amount) || amount <= 0 || amount > found.amount_received - refunded) {
        throw new StripeStandInError(
          400,
          'invalid_request_error',
          `Refund amount (${amount}) is greater than unrefunded amount on charge (${found.amount_received - refunded})`,
          'amount_too_large',
          'amount',
        );
      }
      const refund: StandInRefund = {
        id: id('re'),
        object: 'refund',
        amount,
        currency: found.currency,
        payment_intent: found.id,
        status: 'succeeded',
        created: now(),
      };
      refunds.push(refund);
      return { status: 200, body: refund };
    }
    throw new StripeStandInError(404, 'invalid_request_error', `Unrecognized request URL (${method}: ${path}).`);
  }

  function payPage(found: StandInSession, error?: string) {
    const amount = (found.amount_total / 100).toFixed(2);
    return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Pay – Stripe stand-in</title></head>
<body style="font-family:sans-serif;max-width:28rem;margin:3rem auto">
<h1>Stand-in Checkout</h1>
<p data-testid="checkout-amount">${escapeHtml(found.currency.toUpperCase())} ${amount}</p>
${error ? `<p role="alert">${escapeHtml(error)}</p>` : ''}
<form method="post" action="/pay/${escapeHtml(found.id)}">
<label>Card number <input name="card_number" autocomplete="cc-number" inputmode="numeric" required></label>
<button type="submit">Pay</button>
</form>
<p><a href="${escapeHtml(found.cancel_url)}">Back</a></p>
</body></html>`;
  }

  /** The guest pays on the hosted page: the card is held, the event is signed and delivered, back to the site. */
  async function pay(sessionId: string, cardNumber: string): Promise<{ status: number; location?: string; html?: string }> {
    const found = sessions.get(sessionId);
    if (!found) return { status: 404, html: 'No such checkout' };
    if (found.status !== 'open' || found.expires_at < now()) return { status: 410, html: payPage(found, 'This checkout has expired.') };
    if (cardNumber.replace(/\s/g, '') === '4000000000000002') return { status: 402, html: payPage(found, 'Your card was declined.') };
    const created: StandInPaymentIntent = {
      id: id('pi'),
      object: 'payment_intent',
      amount: found.amount_total,
      amount_capturable: found.capture_method === 'manual' ? found.amount_total : 0,
      amount_received: found.capture_method === 'manual' ? 0 : found.amount_total,
      currency: found.currency,
      capture_method: found.capture_method,
      status: found.capture_method === 'manual' ? 'requires_capture' : 'succeeded',
      metadata: found.payment_intent_metadata,
      customer: found.customer,
      payment_method: id('pm'),
      created: now(),
      livemode: false,
      last_payment_error: null,
    };
    intents.set(created.id, created);
    // Saved for later off-session charges, behaving as its test number does (decision 054).
    if (found.customer && found.setup_future_usage) {
      savedCards.set(created.payment_method!, { customer: found.customer, behaviour: behaviourOfNumber(cardNumber) });
    }
    found.status = 'complete';
    found.payment_status = found.capture_method === 'manual' ? 'unpaid' : 'paid';
    found.payment_intent = created.id;
    found.url = null;
    await deliver(event('checkout.session.completed', publicSession(found)));
    return { status: 303, location: found.success_url };
  }

  const server: Server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      void (async () => {
        const url = new URL(request.url ?? '/', 'http://stand-in');
        const body = Buffer.concat(chunks).toString('utf8');
        const method = request.method ?? 'GET';
        const payMatch = url.pathname.match(/^\/pay\/([\w]+)$/);
        if (payMatch) {
          const found = sessions.get(payMatch[1]!);
          if (method === 'GET') {
            response
              .writeHead(found ? 200 : 404, { 'content-type': 'text/html; charset=utf-8' })
              .end(found ? payPage(found) : 'No such checkout');
            return;
          }
          const result = await pay(payMatch[1]!, new URLSearchParams(body).get('card_number') ?? '');
          if (result.location) response.writeHead(303, { location: result.location }).end();
          else response.writeHead(result.status, { 'content-type': 'text/html; charset=utf-8' }).end(result.html);
          return;
        }
        const send = (status: number, payload: unknown) =>
          response
            .writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${randomBytes(7).toString('hex')}` })
            .end(JSON.stringify(payload));
        const key = (request.headers['idempotency-key'] as string | undefined) ?? null;
        const faultNow = fault;
        if (faultNow?.status) {
          await sleep(faultNow.delayMs ?? 0);
          calls.push({ method, path: url.pathname, idempotencyKey: key, replayed: false, status: faultNow.status });
          send(faultNow.status, { error: { type: 'api_error', message: 'An unknown error occurred (stand-in fault).' } });
          return;
        }
        if (!/^Bearer (sk|rk)_test_\w+$/.test(request.headers.authorization ?? '')) {
          calls.push({ method, path: url.pathname, idempotencyKey: key, replayed: false, status: 401 });
          send(401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided.' } });
          return;
        }
        const cacheKey = key ? `${method} ${url.pathname} ${key}` : null;
        const earlier = cacheKey ? idempotent.get(cacheKey) : undefined;
        if (earlier && url.pathname === '/v1/refunds' && earlier.request !== body) {
          calls.push({ method, path: url.pathname, idempotencyKey: key, replayed: false, status: 400 });
          send(400, {
            error: {
              type: 'idempotency_error',
              message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
            },
          });
          return;
        }
        if (earlier) {
          calls.push({ method, path: url.pathname, idempotencyKey: key, replayed: true, status: earlier.status });
          response.setHeader('idempotent-replayed', 'true');
          await sleep(faultNow?.delayMs ?? 0);
          send(earlier.status, earlier.body);
          return;
        }
        let result: { status: number; body: unknown };
        try {
          // A GET carries its parameters in the query string, as the SDK sends them.
          result = answer(method, url.pathname, parseStripeForm(method === 'GET' ? url.search.slice(1) : body));
        } catch (error) {
          if (!(error instanceof StripeStandInError)) throw error;
          result = {
            status: error.status,
            body: {
              error: {
                type: error.type,
                message: error.message,
                ...(error.code ? { code: error.code } : {}),
                ...(error.param ? { param: error.param } : {}),
                ...error.extra,
              },
            },
          };
        }
        // Stripe keeps the answer of a key whose request was carried out (4xx included, 5xx not).
        if (cacheKey && result.status < 500) idempotent.set(cacheKey, { ...result, request: body });
        calls.push({ method, path: url.pathname, idempotencyKey: key, replayed: false, status: result.status });
        // Carried out already: a slow Stripe may have done what its late answer says.
        await sleep(faultNow?.delayMs ?? 0);
        send(result.status, result.body);
      })().catch((error: unknown) => {
        response
          .writeHead(500, { 'content-type': 'application/json' })
          .end(JSON.stringify({ error: { type: 'api_error', message: String(error) } }));
      });
    });
  });
  const listener = switchable(server, { port: options.port, dropConnections: () => server.closeAllConnections() });
  await listener.listen();
  baseUrl = `http://127.0.0.1:${listener.port}`;

  return {
    url: baseUrl,
    sessions,
    intents,
    refunds,
    customers,
    savedCards,
    calls,
    /** Changes how a saved card behaves when charged later (a card that expired or is blocked meanwhile). */
    setCardBehaviour(paymentMethodId: string, behaviour: CardBehaviour) {
      const card = savedCards.get(paymentMethodId);
      if (!card) throw new Error(`no saved card ${paymentMethodId}`);
      card.behaviour = behaviour;
    },
    /** The events sent, oldest first (a test may deliver one again). */
    events,
    setWebhook(target: WebhookTarget) {
      webhook = target;
    },
    /** Makes the API slow and/or answer 500 (null: behave again). */
    setFault(next: StandInFault | null) {
      fault = next;
    },
    /** Pays a session as the hosted page does (the API tests' browser). */
    pay: (sessionId: string, cardNumber = '4242 4242 4242 4242') => pay(sessionId, cardNumber),
    /** Delivers an event payload (again), signed. */
    deliver,
    /**
     * From now on events wait instead of being delivered, as when Stripe's delivery is late (Stripe
     * retries for days, and never promises an order): `deliverWithheld` sends them, oldest first.
     */
    withholdEvents() {
      withheld ??= [];
    },
    /** Delivers the events withheld since `withholdEvents` and delivers events at once again. */
    async deliverWithheld(): Promise<number[]> {
      const waiting = withheld ?? [];
      withheld = null;
      const statuses: number[] = [];
      for (const payload of waiting) statuses.push(await deliver(payload));
      return statuses;
    },
    /** Calls that did something (not refused, not replayed by an Idempotency-Key), e.g. 'POST /v1/payment_intents/pi_x/capture'. */
    carriedOut(pattern: RegExp) {
      return calls.filter((call) => !call.replayed && call.status < 300 && pattern.test(`${call.method} ${call.path}`)).length;
    },
    close: listener.close,
  };
}

export type StripeStandIn = Awaited<ReturnType<typeof startStripeStandIn>>;

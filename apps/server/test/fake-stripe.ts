import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';

/**
 * A small Stripe on loopback that speaks the part of Stripe's REST API the app uses (STYLE.md:
 * fake only a paid outside API, and test the protocol). Requests are form-encoded with bracketed
 * keys (`line_items[0][price_data][currency]=cad`), authenticated by `Authorization: Bearer sk_…`;
 * answers and errors have Stripe's JSON shapes. The app reaches it through STRIPE_API_BASE, which
 * sets the `stripe` package's host, port and protocol.
 */

export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  /** The form body decoded into nested objects and arrays. */
  body: Record<string, unknown>;
  raw: string;
}

type Json = Record<string, unknown>;

const id = (prefix: string) => `${prefix}_test_${randomBytes(12).toString('hex')}`;

/** `a[b][0][c]=v` → {a: {b: [{c: 'v'}]}}, as Stripe (Rails-style) decodes form bodies. */
export function decodeForm(raw: string): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(raw)) {
    const parts = key.split(/\[|\]\[|\]/).filter((p, i) => p !== '' || i === 0);
    let node: Record<string, unknown> | unknown[] = root;
    parts.forEach((part, i) => {
      const last = i === parts.length - 1;
      const nextIsIndex = !last && /^\d+$/.test(parts[i + 1] ?? '');
      const slot = Array.isArray(node) ? Number(part) : part;
      const container = node as Record<string | number, unknown>;
      if (last) {
        container[slot] = value;
      } else {
        container[slot] ??= nextIsIndex ? [] : {};
        node = container[slot] as Record<string, unknown> | unknown[];
      }
    });
  }
  return root;
}

function stripeError(res: ServerResponse, status: number, error: Json) {
  res.writeHead(status, { 'content-type': 'application/json', 'request-id': id('req') });
  res.end(JSON.stringify({ error }));
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

function htmlPage(res: ServerResponse, title: string, body: string) {
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
  res.end(
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,">` +
      `<meta name="viewport" content="width=device-width"><title>${escapeHtml(title)}</title></head>` +
      `<body><main><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`,
  );
}

export interface FakeStripeOptions {
  apiKey: string;
  prices?: string[];
  /**
   * Serve the pages Stripe hosts (Checkout at `/c/pay/:id`, the customer portal at
   * `/p/session/:id`) on the fake itself, and answer their URLs on loopback instead of
   * checkout.stripe.com / billing.stripe.com: a browser test can then follow the redirect.
   * Paying completes the session (as `complete()` does) and sends the browser to its success_url.
   */
  hosted?: boolean;
}

export async function startFakeStripe(opts: FakeStripeOptions) {
  let baseUrl = '';
  const checkoutHost = () => (opts.hosted ? baseUrl : 'https://checkout.stripe.com');
  const portalHost = () => (opts.hosted ? baseUrl : 'https://billing.stripe.com');
  const requests: RecordedRequest[] = [];
  const sessions = new Map<string, Json>();
  const customers = new Set<string>();
  const prices = new Set(opts.prices ?? []);
  let failNext: { status: number; error: Json } | undefined;
  const portals = new Map<string, { customer: string; returnUrl: string | null }>();

  /** What Stripe does when the customer finishes Checkout: the session completes with a customer and a subscription. */
  function complete(sessionId: string): { customer: string; subscription: string } {
    const session = sessions.get(sessionId);
    if (!session) throw new Error(`no session ${sessionId}`);
    const customer = typeof session.customer === 'string' ? session.customer : id('cus');
    const subscription = id('sub');
    customers.add(customer);
    Object.assign(session, { status: 'complete', customer, subscription, payment_status: 'no_payment_required' });
    return { customer, subscription };
  }

  /** The browser-facing pages of `hosted` mode; false when `path` is not one of them. */
  function hostedPage(method: string, path: string, res: ServerResponse): boolean {
    const pay = /^\/c\/pay\/([^/]+)(\/confirm)?$/.exec(path);
    if (pay) {
      const sessionId = decodeURIComponent(pay[1] ?? '');
      const session = sessions.get(sessionId);
      if (!session) {
        res.writeHead(404, { 'content-type': 'text/plain' }).end('No such checkout session');
        return true;
      }
      if (method === 'POST' && pay[2]) {
        complete(sessionId);
        res.writeHead(303, { location: String(session.success_url) }).end();
        return true;
      }
      const cancel = typeof session.cancel_url === 'string' ? session.cancel_url : null;
      htmlPage(
        res,
        'Fake Stripe Checkout',
        `<p>Session <code id="session">${escapeHtml(sessionId)}</code></p>` +
          `<form method="post" action="/c/pay/${encodeURIComponent(sessionId)}/confirm"><button type="submit">Start trial</button></form>` +
          (cancel ? `<p><a href="${escapeHtml(cancel)}">Back</a></p>` : ''),
      );
      return true;
    }
    const portal = /^\/p\/session\/([^/]+)$/.exec(path);
    if (portal && method === 'GET') {
      const found = portals.get(decodeURIComponent(portal[1] ?? ''));
      if (!found) {
        res.writeHead(404, { 'content-type': 'text/plain' }).end('No such portal session');
        return true;
      }
      htmlPage(
        res,
        'Fake Stripe customer portal',
        `<p>Customer <code id="customer">${escapeHtml(found.customer)}</code></p>` +
          (found.returnUrl ? `<p><a href="${escapeHtml(found.returnUrl)}">Return to Breeze</a></p>` : ''),
      );
      return true;
    }
    return false;
  }

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const path = (req.url ?? '/').split('?')[0] ?? '/';
      const body = decodeForm(raw);
      requests.push({ method: req.method ?? '', path, headers: req.headers, body, raw });
      if (opts.hosted && hostedPage(req.method ?? '', path, res)) return;
      const send = (status: number, json: Json) => {
        res.writeHead(status, {
          'content-type': 'application/json',
          'request-id': id('req'),
          'stripe-version': '2026-10-28.endive',
        });
        res.end(JSON.stringify(json));
      };

      if (req.headers.authorization !== `Bearer ${opts.apiKey}`) {
        return stripeError(res, 401, {
          type: 'invalid_request_error',
          message: `Invalid API Key provided: ${(req.headers.authorization ?? '').replace(/^Bearer /, '').slice(0, 8)}***`,
        });
      }
      if (failNext) {
        const f = failNext;
        failNext = undefined;
        return stripeError(res, f.status, f.error);
      }
      if (req.method === 'POST' && req.headers['content-type'] !== 'application/x-www-form-urlencoded') {
        return stripeError(res, 400, {
          type: 'invalid_request_error',
          message: 'Invalid request: expected form-encoded body',
        });
      }

      if (req.method === 'POST' && path === '/v1/checkout/sessions') {
        for (const param of ['mode', 'success_url', 'line_items']) {
          if (body[param] === undefined) {
            return stripeError(res, 400, {
              type: 'invalid_request_error',
              code: 'parameter_missing',
              param,
              message: `Missing required param: ${param}.`,
            });
          }
        }
        const lineItems = body.line_items as Array<Record<string, unknown>>;
        const price = lineItems[0]?.price;
        if (typeof price === 'string' && !prices.has(price)) {
          return stripeError(res, 400, {
            type: 'invalid_request_error',
            code: 'resource_missing',
            param: 'line_items[0][price]',
            message: `No such price: '${price}'`,
          });
        }
        if (body.customer !== undefined && body.customer_email !== undefined) {
          return stripeError(res, 400, {
            type: 'invalid_request_error',
            message: 'You may only specify one of these parameters: customer, customer_email.',
          });
        }
        const sessionId = id('cs');
        const session: Json = {
          id: sessionId,
          object: 'checkout.session',
          mode: body.mode,
          status: 'open',
          payment_status: 'unpaid',
          url: `${checkoutHost()}/c/pay/${sessionId}`,
          success_url: String(body.success_url).replace('{CHECKOUT_SESSION_ID}', sessionId),
          cancel_url: body.cancel_url ?? null,
          client_reference_id: body.client_reference_id ?? null,
          customer: body.customer ?? null,
          customer_email: body.customer_email ?? null,
          subscription: null,
          metadata: body.metadata ?? {},
          livemode: false,
        };
        sessions.set(sessionId, session);
        return send(200, session);
      }

      const sessionMatch = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(path);
      if (req.method === 'GET' && sessionMatch) {
        const session = sessions.get(decodeURIComponent(sessionMatch[1] ?? ''));
        if (!session) {
          return stripeError(res, 404, {
            type: 'invalid_request_error',
            code: 'resource_missing',
            message: `No such checkout.session: '${sessionMatch[1]}'`,
          });
        }
        return send(200, session);
      }

      if (req.method === 'POST' && path === '/v1/billing_portal/sessions') {
        const customer = body.customer;
        if (typeof customer !== 'string' || !customers.has(customer)) {
          return stripeError(res, 400, {
            type: 'invalid_request_error',
            code: 'resource_missing',
            param: 'customer',
            message: `No such customer: '${String(customer)}'`,
          });
        }
        const portalId = id('bps');
        portals.set(portalId, { customer, returnUrl: typeof body.return_url === 'string' ? body.return_url : null });
        return send(200, {
          id: portalId,
          object: 'billing_portal.session',
          customer,
          return_url: body.return_url ?? null,
          url: `${portalHost()}/p/session/${portalId}`,
          livemode: false,
        });
      }

      return stripeError(res, 404, {
        type: 'invalid_request_error',
        message: `Unrecognized request URL (${req.method} ${path}).`,
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  baseUrl = `http://127.0.0.1:${port}`;

  return {
    url: baseUrl,
    requests,
    sessions,
    /** Customer portal sessions by id, with the return URL the app asked for. */
    portals,
    /** What Stripe does when the customer finishes Checkout: the session completes with a customer and a subscription. */
    complete,
    addCustomer: (customer: string) => customers.add(customer),
    /** The next request gets this error (e.g. 500 api_error, 402 card_error). */
    failNext(status: number, error: Json) {
      failNext = { status, error };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type FakeStripe = Awaited<ReturnType<typeof startFakeStripe>>;

import { expect, test } from "../fixtures";
import { freshDataDir, PRODUCTION_ENV, reliabilityPort, startServer, type Server } from "../support/reliability";
import { XSRF_COOKIE, XSRF_HEADER, xsrfFromSetCookie } from "../support/xsrf";

// Production takes only real money (docs/deploying.md "Payments"), proven on servers started with
// the settings at stake: without a real payment provider and without PAYMENTS=test it refuses to
// start and names what to set; on Stripe, the built-in test provider's routes and pages (its card
// tokenization, its 3-D Secure page and answers, its payout onboarding page and answers, its webhooks) are 404s and no page says "test mode".
// PAYMENTS=test's banner and open test provider: e2e/platform/production.api.spec.ts.

const NAME = "production-payments";
const PRODUCTION = PRODUCTION_ENV;
const INTENT = `pi_${"0".repeat(24)}`;
const LINK = "0".repeat(32);

test("production without a payment provider, nor PAYMENTS=test, refuses to start and names the variables", async () => {
  freshDataDir(NAME);
  const server = await startServer({ name: NAME, port: reliabilityPort(33), env: PRODUCTION, waitReady: false });
  const timeout = new Promise<string>((resolve) => setTimeout(() => resolve("still running after 90 s"), 90_000));
  const exit = await Promise.race([server.exited, timeout]);
  await server.kill();
  expect(exit, server.output()).toBe(1);
  expect(server.output()).toContain(
    '[nosh] refusing to start: NOSH_ENV=production takes real money: set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET (docs/deploying.md "Payments"), or PAYMENTS=test for a staging site where no real money moves',
  );
});

test("production on Stripe: the test provider's routes and pages are 404s, and no page says test mode", async () => {
  freshDataDir(NAME);
  // Keys of the right shape: nothing here calls Stripe.
  const env = { ...PRODUCTION, STRIPE_SECRET_KEY: "sk_live_reliability0123", STRIPE_WEBHOOK_SECRET: "whsec_reliability0123" };
  let server: Server | undefined;
  try {
    server = await startServer({ name: NAME, port: reliabilityPort(33), env });
    const first = await fetch(`${server.url}/api/auth/`);
    const token = xsrfFromSetCookie(first.headers.getSetCookie())!;
    const post = (path: string, body: unknown) =>
      fetch(server!.url + path, {
        method: "POST",
        headers: { cookie: `${XSRF_COOKIE}=${token}`, [XSRF_HEADER]: token, "content-type": "application/json" },
        body: JSON.stringify(body),
      });
    const card = { number: "4242424242424242", expMonth: 12, expYear: 2034, cvc: "123", postalCode: "94110" };
    expect((await post("/api/test-provider/payment-methods", card)).status).toBe(404);
    expect((await post(`/api/test-provider/challenges/${INTENT}`, { outcome: "pass" })).status).toBe(404);
    expect((await post("/api/payments/webhooks/test", { id: "evt_1" })).status).toBe(404);
    expect((await fetch(`${server.url}/test-provider/3ds/${INTENT}`)).status).toBe(404);
    expect((await post(`/api/test-provider/onboarding/${LINK}`, { outcome: "verify" })).status).toBe(404);
    expect((await fetch(`${server.url}/test-provider/onboarding/${LINK}`)).status).toBe(404);
    const home = await fetch(`${server.url}/login`);
    expect(home.status).toBe(200);
    expect(await home.text()).not.toContain("Test mode");
  } finally {
    await server?.stop();
  }
});

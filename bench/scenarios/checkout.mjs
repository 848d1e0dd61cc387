// The wallet checkout under load: CHECKOUT_CONCURRENCY loops of checkouts paid from one
// customer's wallet (topped up first, so it cannot run dry), of two dishes of RESTAURANT. Run
// by the pages-and-reads scenario at each scale (one call: POST /api/orders with `submit`), by
// the A/B (one call where a build has it, and create + submit), by --instances (create +
// submit) and by --profile-page with BENCH_PROFILE_PATH=checkout. bench/load.mjs runs the loops.

import { menuOf, signIn, signInWithPassword, topUp } from "../client.mjs";
import { fmt } from "../report.mjs";
import { load, loadWithCpu } from "../servers.mjs";
import { BENCH_ORDERS_EMAIL, CHECKOUT_CONCURRENCY, DEMO_CUSTOMER, RESTAURANT, SECONDS } from "../settings.mjs";

/** load()'s job for CHECKOUT_CONCURRENCY loops of wallet checkouts of `items` at RESTAURANT by the signed-in `auth`. */
export function walletCheckoutJob(base, auth, items) {
  return { mode: "checkout", base, cookie: auth.cookie, xsrf: auth.xsrf, restaurantId: RESTAURANT, items, concurrency: CHECKOUT_CONCURRENCY, paymentMethod: "wallet" };
}

/**
 * The checkout job of one A/B side: the customer benchScale() uses at `scale`, their wallet topped
 * up, two dishes of RESTAURANT; `oneCall` says whether this build creates and submits in one
 * POST /api/orders (a build without that path answers an Active order); `auth` signs in as them.
 */
export async function prepareCheckout(base, scale) {
  const auth = scale === 1 ? { ...(await signIn(base)), userId: DEMO_CUSTOMER } : await signInWithPassword(base, BENCH_ORDERS_EMAIL);
  const { menuItems } = await menuOf(base);
  const items = menuItems.slice(0, 2).map((item) => ({ menuItemId: item.id, quantity: 1 }));
  await topUp(base, auth, auth.userId, 40);
  const probe = await fetch(`${base}/api/orders`, {
    method: "POST",
    headers: { cookie: auth.cookie, "XSRF-Token": auth.xsrf, "content-type": "application/json" },
    body: JSON.stringify({ restaurantId: RESTAURANT, items, submit: { deliveryOption: "standard", tipPercent: 15, paymentMethod: "wallet" } }),
  });
  const oneCall = probe.status === 201 && (await probe.json()).status === "Submitted";
  return { job: walletCheckoutJob(base, auth, items), oneCall, auth };
}

/**
 * The one-call wallet checkout of a scale (scenarios/pages-and-reads.mjs): the wallet topped up,
 * a 3 s warm-up, then BENCH_SECONDS of checkouts with the server's CPU time per checkout.
 */
export async function benchWalletCheckout(nosh, auth, items) {
  await topUp(nosh.base, auth, auth.userId, 10);
  process.stdout.write(`  wallet checkout (one call: POST /api/orders with submit, ${CHECKOUT_CONCURRENCY} concurrent) ... `);
  const checkoutJob = { ...walletCheckoutJob(nosh.base, auth, items), oneCall: true };
  await load({ ...checkoutJob, seconds: Math.min(3, SECONDS) }); // warm-up, as warmUp() does for the reads: a deployed server is warm
  const checkout = await loadWithCpu(nosh, { ...checkoutJob, seconds: SECONDS });
  console.log(`${fmt(checkout.requestsPerSec)} checkouts/s, ${checkout.errors} errors, ${checkout.cpuPerRequest.toFixed(2)} ms CPU a checkout`);
  return checkout;
}

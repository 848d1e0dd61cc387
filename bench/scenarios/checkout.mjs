// The checkout under load: CHECKOUT_CONCURRENCY loops of checkouts by one customer (a wallet
// topped up first, so it cannot run dry), of two dishes of RESTAURANT. Run by the pages-and-reads
// scenario at each scale (benchCheckouts: the one-call wallet checkout with a promotion, the card
// checkout and the two-step submit, then their bare POST twin), by the A/B (one call where a
// build has it, and create + submit), by --instances (create + submit) and by --profile-page with
// BENCH_PROFILE_PATH=checkout. bench/load.mjs runs the loops.

import path from "node:path";
import Database from "better-sqlite3";
import { menuOf, signIn, signInWithPassword, topUp } from "../client.mjs";
import { beforePhase } from "../machine-state.mjs";
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
 * An automatic offer at RESTAURANT (10% off, no code, no per-customer or total limit) written
 * straight into the seeded database in `dataDir` before the server starts, so that every checkout
 * of the default run takes a promotion, as the checkout target says ("a one-call wallet
 * checkout with a promotion, its clearing entry and its outbox rows").
 */
export function seedCheckoutPromotion(dataDir) {
  const db = new Database(path.join(dataDir, "nosh.db"));
  const now = new Date().toISOString().replace("Z", "+00:00");
  db.prepare(
    `INSERT INTO "Promotion" ("restaurantId", "code", "codeKey", "kind", "value", "minSubtotalCents", "firstOrderOnly", "perCustomerLimit", "totalLimit", "redeemedCount", "fundedBy", "createdAt", "updatedAt")
     VALUES (?, NULL, NULL, 'percent', 10, 0, 0, 1000000000, NULL, 0, 'restaurant', ?, ?)`,
  ).run(RESTAURANT, now, now);
  db.close();
}

/**
 * The checkouts of a scale (scenarios/pages-and-reads.mjs), each after a 3 s warm-up and the
 * machine's sample, with the server's CPU time per checkout: the one-call wallet checkout (POST
 * /api/orders with `submit`), the one-call card checkout, and the two-step submit (POST
 * /api/orders, then PUT /api/orders/{id}/submit, wallet). Then the bare POST twin of the one-call
 * checkout (`measureBarePost(body, cookieChars, connections)`: the same body, a cookie as long as
 * this session's, CHECKOUT_CONCURRENCY connections). Returns { rows, post }.
 */
export async function benchCheckouts(nosh, auth, items, measureBarePost) {
  const variants = [
    { checkout: "one-call", name: "wallet checkout, one call (orders/s)", oneCall: true, paymentMethod: "wallet" },
    { checkout: "card", name: "card checkout, one call (orders/s)", oneCall: true, paymentMethod: "card" },
    { checkout: "two-step", name: "wallet checkout, create + submit (orders/s)", oneCall: false, paymentMethod: "wallet" },
  ];
  const rows = [];
  for (const v of variants) {
    // Each run spends up to about 100,000 dollars from the wallet: topped up before it, outside the measurement.
    await topUp(nosh.base, auth, auth.userId, 10);
    const job = { ...walletCheckoutJob(nosh.base, auth, items), oneCall: v.oneCall, paymentMethod: v.paymentMethod };
    await load({ ...job, seconds: Math.min(3, SECONDS) }); // warm-up, as warmUp() does for the reads: a deployed server is warm
    const state = await beforePhase(v.name);
    process.stdout.write(`  ${v.name}, ${CHECKOUT_CONCURRENCY} concurrent ... `);
    const r = await loadWithCpu(nosh, { ...job, seconds: SECONDS });
    console.log(`${fmt(r.requestsPerSec)} checkouts/s, ${r.errors} errors, ${r.cpuPerRequest.toFixed(2)} ms CPU a checkout`);
    rows.push({ name: v.name, key: `checkout ${v.checkout}`, checkout: v.checkout, state, ...r });
  }
  const body = JSON.stringify({ restaurantId: RESTAURANT, items, submit: { deliveryOption: "standard", tipPercent: 15, paymentMethod: "wallet" } });
  const session = /nosh_session=([^;]*)/.exec(auth.cookie)?.[1] ?? "";
  const post = await measureBarePost(body, session.length, CHECKOUT_CONCURRENCY);
  return { rows, post };
}

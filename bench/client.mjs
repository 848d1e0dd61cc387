// The bench as a client of Nosh, outside the load runs: signing in (the double-submit XSRF pair,
// see proxy.ts), topping a wallet up, reading a restaurant's menu, one GET read raw as a
// browser makes it, and the warm-up before each load.

import http from "node:http";
import zlib from "node:zlib";
import { DEMO_CUSTOMER, RESTAURANT } from "./settings.mjs";

/** A short warm-up so JIT compilation and first-request work are not measured. */
export async function warmUp(url, headers = {}) {
  for (let i = 0; i < 50; i++) await (await fetch(url, { headers })).arrayBuffer();
}

export function cookiesOf(response) {
  return Object.fromEntries(response.headers.getSetCookie().map((c) => c.split(";")[0].split(/=(.*)/s).slice(0, 2)));
}

/** Signs in as the demo customer (DEMO_CUSTOMER), checking every cookie on the way. */
export async function signIn(base) {
  const first = await fetch(`${base}/api/auth/`);
  await first.arrayBuffer();
  const xsrf = cookiesOf(first)["XSRF-TOKEN"];
  if (!xsrf) throw new Error("no XSRF-TOKEN cookie from GET /api/auth/");
  const login = await fetch(`${base}/api/users/demo/${DEMO_CUSTOMER}`, {
    method: "POST",
    headers: { cookie: `XSRF-TOKEN=${xsrf}`, "XSRF-Token": xsrf },
  });
  if (!login.ok) throw new Error(`demo login failed: ${login.status} ${await login.text()}`);
  await login.arrayBuffer();
  const session = cookiesOf(login).nosh_session;
  if (!session) throw new Error("no nosh_session cookie from the demo login");
  // The token is bound to the session: login issues a new one (the baseline build may not).
  const token = cookiesOf(login)["XSRF-TOKEN"] ?? xsrf;
  return { xsrf: token, cookie: `XSRF-TOKEN=${token}; nosh_session=${session}` };
}

/** Signs in as a seeded demo user (POST /api/users/demo/{id}). */
export async function signInAs(base, userId) {
  const first = await fetch(`${base}/api/auth/`);
  await first.arrayBuffer();
  const xsrf = cookiesOf(first)["XSRF-TOKEN"];
  const login = await fetch(`${base}/api/users/demo/${userId}`, { method: "POST", headers: { cookie: `XSRF-TOKEN=${xsrf}`, "XSRF-Token": xsrf } });
  if (!login.ok) throw new Error(`demo login of ${userId} failed: ${login.status} ${await login.text()}`);
  await login.arrayBuffer();
  const token = cookiesOf(login)["XSRF-TOKEN"] ?? xsrf;
  return { xsrf: token, cookie: `XSRF-TOKEN=${token}; nosh_session=${cookiesOf(login).nosh_session}` };
}

/** Signs in with email and password (the scale-10 bench customer; demo password). */
export async function signInWithPassword(base, email) {
  const first = await fetch(`${base}/api/auth/`);
  await first.arrayBuffer();
  const xsrf = cookiesOf(first)["XSRF-TOKEN"];
  const login = await fetch(`${base}/api/auth/login`, {
    method: "POST",
    headers: { cookie: `XSRF-TOKEN=${xsrf}`, "XSRF-Token": xsrf, "content-type": "application/json" },
    body: JSON.stringify({ email, password: "nosh-demo-pass" }),
  });
  if (!login.ok) throw new Error(`login of ${email} failed: ${login.status} ${await login.text()}`);
  const user = await login.json();
  const token = cookiesOf(login)["XSRF-TOKEN"] ?? xsrf; // bound to the new session
  return { xsrf: token, cookie: `XSRF-TOKEN=${token}; nosh_session=${cookiesOf(login).nosh_session}`, userId: user.id };
}

/** Tops the wallet up (PUT /api/users/wallet/{id}, 10,000.00 a time) so wallet checkouts never run dry. */
export async function topUp(base, auth, userId, times) {
  for (let i = 0; i < times; i++) {
    const r = await fetch(`${base}/api/users/wallet/${userId}`, {
      method: "PUT",
      headers: { cookie: auth.cookie, "XSRF-Token": auth.xsrf, "content-type": "application/json" },
      body: JSON.stringify({ amount: 10000 }),
    });
    if (!r.ok) throw new Error(`wallet top-up failed: ${r.status} ${await r.text()}`);
    await r.arrayBuffer();
  }
}

/** A restaurant's menu items (GET /api/menu-items?restaurantId=..., RESTAURANT's by default), whatever shape the build answers; `menu` is the raw answer. */
export async function menuOf(base, restaurantId = RESTAURANT) {
  const menu = await (await fetch(`${base}/api/menu-items?restaurantId=${restaurantId}`)).json();
  const menuItems = Array.isArray(menu) ? menu : (menu.menuItems ?? menu.items ?? Object.values(menu).find(Array.isArray) ?? []);
  return { menu, menuItems };
}

/**
 * One GET as a browser makes it, read raw: { status, location, wireBytes (as sent, gzip when the
 * server compressed), htmlBytes (decompressed), text }.
 */
export function probe(url, headers) {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        const chunks = [];
        res.on("data", (chunk) => chunks.push(chunk));
        res.on("end", () => {
          const wire = Buffer.concat(chunks);
          const body = res.headers["content-encoding"] === "gzip" ? zlib.gunzipSync(wire) : wire;
          resolve({ status: res.statusCode, location: res.headers.location ?? null, wireBytes: wire.length, htmlBytes: body.length, text: body.toString("utf8") });
        });
        res.on("error", reject);
      })
      .on("error", reject);
  });
}

export const escapeHtml = (text) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#x27;");

// The signed-in demo customer of `npm run lighthouse` (bench/lighthouse.mjs): its session, a
// fresh order put at checkout for each /checkout run, and the order whose page is measured.
// The demo login sets the session cookie; the anti-forgery cookie comes from the first response.

export const DEMO_CUSTOMER = 3; // a seeded demo customer (README.md, Demo accounts)

function cookiesOf(response) {
  return Object.fromEntries(
    response.headers
      .getSetCookie()
      .map((c) => c.split(";")[0].split("="))
      .map(([k, ...v]) => [k, v.join("=")]),
  );
}

export async function signIn(base) {
  const first = await fetch(`${base}/api/auth/`);
  const jar = cookiesOf(first);
  const xsrf = jar["XSRF-TOKEN"];
  if (!xsrf) throw new Error("no XSRF-TOKEN cookie from the server");
  const cookieHeader = () =>
    Object.entries(jar)
      .map(([k, v]) => `${k}=${v}`)
      .join("; ");
  const login = await fetch(`${base}/api/users/demo/${DEMO_CUSTOMER}`, { method: "POST", headers: { cookie: cookieHeader(), "XSRF-Token": xsrf } });
  if (!login.ok) throw new Error(`demo login: ${login.status} ${await login.text()}`);
  Object.assign(jar, cookiesOf(login));
  // The token is bound to the session: the login answer carries the new one.
  return { jar, xsrf: jar["XSRF-TOKEN"], cookieHeader };
}

async function createOrder(base, session, restaurantId) {
  const menu = await fetch(`${base}/api/menu-items?restaurantId=${restaurantId}`).then((r) => r.json());
  const items = (menu.menuItems ?? menu.items ?? menu).slice(0, 2).map((item) => ({ menu_item_id: item.id, quantity: 1 }));
  if (!items.length) throw new Error(`restaurant ${restaurantId} has no menu items`);
  const post = () =>
    fetch(`${base}/api/orders/`, {
      method: "POST",
      headers: { cookie: session.cookieHeader(), "XSRF-Token": session.xsrf, "content-type": "application/json" },
      body: JSON.stringify({ restaurant_id: restaurantId, items }),
    });
  let response = await post();
  // One 500 was seen here once, under a load average of 20, and never reproduced (30 creates
  // racing the previous order's delete all answered 201): say so and try once more.
  if (response.status >= 500) {
    console.error(`create order answered ${response.status} ${await response.text()}; retrying once`);
    response = await post();
  }
  if (response.status !== 201) throw new Error(`create order: ${response.status} ${await response.text()}`);
  return response.json();
}

/** The session's cookies in `tab` (for pages only a signed-in customer sees). */
export async function signInTab(tab, base, session) {
  await tab.setCookie(...Object.entries(session.jar).map(([name, value]) => ({ name, value, url: base })));
}

/**
 * Readies `tab` for /checkout: the session's cookies and a fresh order where the cart panel puts
 * it (storeCurrentOrder: localStorage, and its id in the `nosh_checkout` cookie, which lets the
 * server render the order); Lighthouse's storage reset clears caches, not cookies or localStorage.
 */
export async function openCheckout(tab, base, session, restaurantId) {
  await signInTab(tab, base, session);
  const order = await createOrder(base, session, restaurantId);
  await tab.goto(`${base}/api/auth/`);
  await tab.evaluate((o) => {
    localStorage.setItem("currentOrder", JSON.stringify(o));
    document.cookie = `nosh_checkout=${o.id}; path=/; samesite=lax`;
  }, order);
}

/** The id of the customer's newest placed order (the seeded history's), whose page is measured. */
export async function newestOrderId(base, session) {
  const answer = await fetch(`${base}/api/orders?limit=5`, { headers: { cookie: session.cookieHeader() } });
  if (!answer.ok) throw new Error(`orders list: ${answer.status} ${await answer.text()}`);
  const { orders = [] } = await answer.json();
  const placed = orders.find((o) => o.status !== "Active");
  if (!placed) throw new Error(`demo customer ${DEMO_CUSTOMER} has no placed order`);
  return placed.id;
}

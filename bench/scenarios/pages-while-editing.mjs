// Pages while the catalog moves: /home, a restaurant page and a dish page loaded while
// owners edit OTHER restaurants' menus, each against the bare page rendered per request (the same
// bare dynamic page as the pages-and-reads rows, measured in the same scale just before). A
// catalog write throws away only the kept pages that show what it wrote
// (docs/architecture/catalog-and-caching.md "Scopes"): a dish's price elsewhere must leave these
// three replayed, not rendered again. Run by scenarios/pages-and-reads.mjs in each scale, after
// its endpoints, on the same server.
//
// The editors are the seeded demo owners (users 1 and 2), signed in as a browser would be; they
// change the price of one dish of each of their restaurants other than the measured one, in turn,
// EDITS_PER_SECOND in all, for as long as each load runs. Each write is checked (200, and the
// price read back after the phase), so a phase whose writes failed is not reported as a phase
// under writes. Environment: BENCH_EDITS_PER_SECOND (default 2).

import { menuOf, signInAs } from "../client.mjs";
import { fmt } from "../report.mjs";
import { loadWithCpu } from "../servers.mjs";
import { CONNECTIONS, SECONDS } from "../settings.mjs";
import { beforePhase, verdict } from "../machine-state.mjs";
import { TARGETS, judgePagesWhileEditing } from "../targets.mjs";

const EDITS_PER_SECOND = Number(process.env.BENCH_EDITS_PER_SECOND ?? 2);
/** The seeded demo owners (prisma/seed-data.ts: Rosa Delgado, Marcus Chen). */
const DEMO_OWNERS = [1, 2];

/** One dish of each restaurant the demo owners have other than `measured`, with the owner who may edit it. */
async function dishesToEdit(base, measured) {
  const dishes = [];
  for (const ownerId of DEMO_OWNERS) {
    const auth = await signInAs(base, ownerId);
    const answer = await (await fetch(`${base}/api/manage?limit=50`, { headers: { cookie: auth.cookie } })).json();
    const restaurants = answer.restaurants ?? answer.items ?? Object.values(answer).find(Array.isArray) ?? [];
    for (const restaurant of restaurants) {
      if (measured.has(restaurant.id)) continue;
      const { menuItems } = await menuOf(base, restaurant.id);
      if (menuItems[0]) dishes.push({ auth, restaurantId: restaurant.id, id: menuItems[0].id, price: menuItems[0].price });
    }
  }
  if (!dishes.length) throw new Error(`the demo owners ${DEMO_OWNERS.join(", ")} have no dish outside restaurant(s) ${[...measured].join(", ")} to edit`);
  return dishes;
}

/**
 * Starts the editors: every 1/EDITS_PER_SECOND s the next dish's price moves by a cent, up and
 * down. Returns stop(), which resolves to { writes, failures, failureSamples, perSecond, last }.
 */
function startEditing(base, dishes) {
  let writes = 0;
  let failures = 0;
  const failureSamples = [];
  const last = new Map();
  const started = performance.now();
  let turn = 0;
  let stopped = false;
  const pending = new Set();
  const edit = () => {
    const dish = dishes[turn % dishes.length];
    const price = Math.round((dish.price + (Math.floor(turn / dishes.length) % 2 ? 0 : 0.01)) * 100) / 100;
    turn++;
    const write = fetch(`${base}/api/menu-items/${dish.id}`, {
      method: "PUT",
      headers: { cookie: dish.auth.cookie, "XSRF-Token": dish.auth.xsrf, "content-type": "application/json" },
      body: JSON.stringify({ price }),
    })
      .then(async (response) => {
        const text = await response.text();
        if (response.ok) {
          writes++;
          last.set(dish.id, price);
        } else {
          failures++;
          if (failureSamples.length < 5) failureSamples.push(`${response.status} ${text.slice(0, 160)}`);
        }
      })
      .catch((error) => {
        failures++;
        if (failureSamples.length < 5) failureSamples.push(String(error?.message ?? error));
      })
      .finally(() => pending.delete(write));
    pending.add(write);
  };
  const timer = setInterval(() => {
    if (!stopped) edit();
  }, 1000 / EDITS_PER_SECOND);
  return async () => {
    stopped = true;
    clearInterval(timer);
    await Promise.all(pending);
    const seconds = (performance.now() - started) / 1000;
    return { writes, failures, failureSamples, perSecond: writes / seconds, last };
  };
}

/**
 * Loads each of `pages` ({ name, path, headers }: anonymous documents, as the pages-and-reads rows
 * load them) on `nosh` while the demo owners edit dishes of other restaurants than `measured`
 * (restaurant ids the pages show). `dynamicPage`: the bare page of the same scale. Returns the rows
 * with their verdicts and the editors' record.
 */
export async function benchPagesWhileEditing(nosh, { pages, measured, dynamicPage }) {
  const dishes = await dishesToEdit(nosh.base, new Set(measured));
  console.log(
    `  while the demo owners edit ${dishes.length} dishes of restaurants ${[...new Set(dishes.map((d) => d.restaurantId))].join(", ")} at ${EDITS_PER_SECOND} writes/s:`,
  );
  const rows = [];
  const editors = [];
  for (const page of pages) {
    const url = nosh.base + page.path;
    // Kept before the writes begin, as on a server that has been up a while.
    for (let i = 0; i < 3; i++) await (await fetch(url, { headers: page.headers })).arrayBuffer();
    const state = await beforePhase(`${page.name} while owners edit`);
    const stop = startEditing(nosh.base, dishes);
    process.stdout.write(`    ${page.name} ... `);
    const r = await loadWithCpu(nosh, { mode: "autocannon", url, connections: CONNECTIONS, seconds: SECONDS, headers: page.headers });
    const editing = await stop();
    editors.push(editing);
    const row = { ...r, state, name: `${page.name}, while owners edit other restaurants`, key: `editing ${page.path}`, path: page.path, page: true, anonymous: true };
    judgeRow(row, dynamicPage, editing);
    console.log(
      `${fmt(r.requestsPerSec)} req/s (${fmt(row.ratio, 2)}x the bare page), p99 ${fmt(r.p99)} ms (${fmt(row.p99Ratio, 2)}x), ${r.errors} errors; ${editing.writes} writes (${fmt(editing.perSecond, 1)}/s), ${editing.failures} failed`,
    );
    if (editing.failureSamples.length) console.log(`      failed writes: ${editing.failureSamples.join("; ")}`);
    rows.push(row);
  }
  // The writes happened: each dish reads back at the price last written.
  for (const [id, price] of new Map(editors.flatMap((e) => [...e.last]))) {
    const item = await (await fetch(`${nosh.base}/api/menu-items/${id}`)).json();
    if (item.price !== price) throw new Error(`dish ${id} reads ${item.price} after the editors wrote ${price}`);
  }
  return { rows, editsPerSecond: EDITS_PER_SECOND, dishes: dishes.map(({ restaurantId, id }) => ({ restaurantId, id })) };
}

/** A row's verdict: judgePagesWhileEditing's (the bare page's rate and p99, no errors, the machine quiet), and the writes made at their rate. */
function judgeRow(row, dynamicPage, editing) {
  judgePagesWhileEditing([row], dynamicPage);
  row.versus = "dynamic page";
  row.writes = { count: editing.writes, failures: editing.failures, perSecond: editing.perSecond };
  row.target += ` at ${EDITS_PER_SECOND} writes/s`;
  const underWrites = editing.failures === 0 && editing.perSecond >= EDITS_PER_SECOND * 0.8;
  row.met = row.met && underWrites;
  row.verdict = verdict(row.met, row.state);
}

/** The phase's verdicts, in the form scenarios/pages-and-reads.mjs prints at the end. */
export function pagesWhileEditingTargets(run, scaleShown) {
  const { ratio, p99Ratio } = TARGETS.pagesWhileEditing;
  return run.editing.rows.map((r) => ({
    target: `page >= ${ratio}x the bare page, p99 <= ${p99Ratio}x its p99, while owners edit other restaurants at ${run.editing.editsPerSecond} writes/s`,
    scale: scaleShown ? run.scale : undefined,
    subject: r.path,
    figure: `${fmt(r.ratio, 2)}x (${fmt(r.requestsPerSec)} / ${fmt(run.bare.dynamicPage.requestsPerSec)} req/s), p99 ${fmt(r.p99Ratio, 2)}x (${fmt(r.p99)} / ${fmt(run.bare.dynamicPage.p99)} ms), ${r.errors} errors, ${r.writes.count} writes (${fmt(r.writes.perSecond, 1)}/s, ${r.writes.failures} failed)`,
    met: r.met,
    state: r.state,
    verdict: r.verdict,
  }));
}

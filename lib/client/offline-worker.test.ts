import fs from "node:fs";
import path from "node:path";
import vm from "node:vm";
import { describe, expect, it } from "vitest";
import { serviceWorkerGlobals } from "@/lib/shared/web/service-worker";

// The service worker's pure rules (public/offline-worker.js and its pages, public/offline-pages.js; docs/architecture/offline-app.md):
// which answers may be stored, which saved menus and photos go past 30, and that the pages it
// writes escape the catalog's text. The script runs as it does in a worker, in a context of its
// own whose `self` only collects its listeners, after the globals /sw.js sets
// (lib/shared/web/service-worker.ts); the worker itself is proven in a browser by
// e2e/offline-app/journey.spec.ts.
type Entry = { id: number; name: string; cuisineType: string; savedAt: string; photos: string[] };
type Worker = {
  isPublic: (response: { ok: boolean; type: string; headers: Headers }) => boolean;
  pruneIndex: (index: Entry[], keep?: number) => { kept: Entry[]; drop: string[] };
  menuPage: (menu: unknown) => string;
  offlinePage: (index: Entry[], url: URL) => string;
  KEEP: number;
};

function loadWorker(): Worker {
  // The worker's two scripts, as /sw.js imports them: its rules, and the pages it writes (self.NOSH_PAGES).
  const read = (name: string) => fs.readFileSync(path.join(import.meta.dirname, "../../public", name), "utf8");
  const source = `${read("offline-worker.js")}\n${read("offline-pages.js")}`;
  const listeners: string[] = [];
  const context = vm.createContext({
    self: { NOSH_VERSION: "test", addEventListener: (type: string) => listeners.push(type), location: { origin: "http://localhost" } },
    caches: {},
    clients: {},
    Response,
    Headers,
    URL,
    Intl,
  });
  vm.runInContext(`${serviceWorkerGlobals("test")}\n${source}\n;globalThis.__worker = { isPublic, pruneIndex, ...self.NOSH_PAGES, KEEP };`, context);
  expect(listeners.sort()).toEqual(["activate", "fetch", "install", "message"]);
  return (context as unknown as { __worker: Worker }).__worker;
}

const worker = loadWorker();
const answer = (headers: Record<string, string> = {}, { ok = true, type = "basic" } = {}) => ({ ok, type, headers: new Headers(headers) });

describe("offline worker", () => {
  it("stores only same-origin 200s that no cache is told to keep private", () => {
    expect(worker.isPublic(answer({ "Content-Type": "application/json" }))).toBe(true);
    expect(worker.isPublic(answer({ "Cache-Control": "private, max-age=60" }))).toBe(false);
    expect(worker.isPublic(answer({ "Cache-Control": "no-store" }))).toBe(false);
    expect(worker.isPublic(answer({ "Cache-Control": "private, no-cache, no-store, max-age=0, must-revalidate" }))).toBe(false);
    expect(worker.isPublic(answer({ "Set-Cookie": "nosh_session=x" }))).toBe(false);
    expect(worker.isPublic(answer({ Vary: "Accept-Encoding, Cookie" }))).toBe(false);
    expect(worker.isPublic(answer({}, { ok: false }))).toBe(false);
    expect(worker.isPublic(answer({}, { type: "opaque" }))).toBe(false);
  });

  it("keeps the 30 most recent menus; the 31st goes with the photos no kept menu shows", () => {
    expect(worker.KEEP).toBe(30);
    const entry = (id: number, photos: string[]): Entry => ({ id, name: `R${id}`, cuisineType: "Thai", savedAt: "2026-11-26T00:00:00Z", photos });
    const index = Array.from({ length: 30 }, (_, i) => entry(i + 1, [`/p/${i + 1}`, "/p/shared"]));
    expect(worker.pruneIndex(index)).toEqual({ kept: index, drop: [] });
    const newest = entry(99, ["/p/99"]);
    const { kept, drop } = worker.pruneIndex([newest, ...index]);
    expect(kept.map((e) => e.id)).toEqual([99, ...Array.from({ length: 29 }, (_, i) => i + 1)]);
    // Menu 30 falls out: its own photo goes, the photo kept menus share stays.
    expect(drop).toEqual(["/__offline/menu/30", "/p/30"]);
  });

  it("writes the catalog's text escaped, with prices, the banner and a disabled checkout", () => {
    const html = worker.menuPage({
      savedAt: "2026-11-26T12:00:00Z",
      restaurant: {
        id: 7,
        name: `<img src=x onerror=alert(1)>`,
        description: "",
        cuisineType: "Thai & Co",
        address: "1 Main",
        city: "SF",
        deliveryFee: 2.5,
        deliveryTime: 30,
        priceLevel: 2,
        photo: null,
      },
      items: [{ id: 1, name: `Pad "Thai"</h3><script>`, description: "", price: 12.5, foodType: "entree", photo: "/__offline/photo?w=256&src=%2Fa.webp" }],
    });
    expect(html).not.toContain("<img src=x");
    expect(html).not.toContain("<script>");
    expect(html).toContain("&lt;img src=x onerror=alert(1)&gt;");
    expect(html).toContain("Pad &quot;Thai&quot;&lt;/h3&gt;&lt;script&gt;");
    expect(html).toContain("Thai &amp; Co");
    expect(html).toContain("$12.50");
    expect(html).toContain("You're offline");
    expect(html).toMatch(/<button type="button" disabled aria-disabled="true">Checkout is unavailable offline<\/button>/);
    const offline = worker.offlinePage(
      [{ id: 7, name: "<b>Bad</b>", cuisineType: "Thai", savedAt: "2026-11-26T12:00:00Z", photos: [] }],
      new URL('http://localhost/orders?x="1"'),
    );
    expect(offline).toContain('href="/restaurants/7"');
    expect(offline).toContain("&lt;b&gt;Bad&lt;/b&gt;");
    expect(offline).toContain('href="/orders?x=%221%22"');
  });
});

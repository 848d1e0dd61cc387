import { expect, test } from "../fixtures";
import { newClient, signUpCustomer, type Client } from "../support/api";
import { signUpOperator } from "../support/operator";
import { createItem, createRestaurant } from "../support/owner";

// What search engines and link previews read (docs/architecture/search-engines.md): /robots.txt, /sitemap.xml (every listed restaurant and dish, kept by the host until
// the catalog changes), schema.org JSON-LD and the Open Graph / Twitter tags of the catalog pages,
// absolute on the server's public origin (here its own: no PUBLIC_ORIGIN in the suite).

type Named = { name: string } & Record<string, unknown>;
type JsonLd = { hasMenu: { hasMenuSection?: { hasMenuItem: Named[] }[]; hasMenuItem?: Named[] }; aggregateRating?: unknown } & Record<string, unknown>;
const jsonLdOf = (html: string) => [...html.matchAll(/<script type="application\/ld\+json">([^<]*)<\/script>/g)].map((m) => JSON.parse(m[1]!) as JsonLd);
const metaOf = (html: string, key: string) =>
  new RegExp(`<meta (?:property|name)="${key.replace(/[.:]/g, "\\$&")}" content="([^"]*)"`).exec(html)?.[1]?.replaceAll("&amp;", "&");
const canonicalOf = (html: string) => /<link rel="canonical" href="([^"]+)"/.exec(html)?.[1];

async function visitor(baseURL: string): Promise<Client> {
  const client = await newClient(baseURL);
  await client.get("/api/auth/");
  return client;
}

test.describe("search engines", () => {
  test("robots.txt keeps crawlers out of private areas and names the sitemap; unknown paths beside it stay the 404 page", async ({ baseURL }) => {
    const client = await visitor(baseURL!);
    const robots = await client.get("/robots.txt");
    expect(robots.status()).toBe(200);
    expect(robots.headers()["content-type"]).toBe("text/plain; charset=utf-8");
    const text = await robots.text();
    for (const path of ["/api/", "/account", "/admin", "/courier", "/checkout", "/restaurants/manage", "/restaurants/*/"])
      expect(text).toContain(`\nDisallow: ${path}\n`);
    expect(text).toContain(`\nSitemap: ${baseURL}/sitemap.xml\n`);
    for (const path of ["/sitemap.txt", "/robots.txt/x", "/sitemaps.xml"]) {
      const unknown = await client.get(path);
      expect(unknown.status(), path).toBe(404);
      expect(await unknown.text(), path).toContain("Feature Coming Soon!");
    }
  });

  test("the sitemap lists every open restaurant and its dishes, not a suspended one, from the next read after a change", async ({ baseURL }) => {
    const client = await visitor(baseURL!);
    const owner = await signUpCustomer(baseURL!);
    const operator = await signUpOperator(baseURL!);
    const sitemap = async () => {
      const answer = await client.get("/sitemap.xml");
      expect(answer.status()).toBe(200);
      expect(answer.headers()["content-type"]).toBe("application/xml; charset=utf-8");
      return answer.text();
    };
    const first = await sitemap();
    expect(first).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">\n/);
    expect(first).toContain(`<url><loc>${baseURL}/restaurants/2</loc><lastmod>`);
    // Asked again (kept by the host): a new restaurant and dish show on the next read.
    await sitemap();
    const restaurant = await createRestaurant(owner.client);
    const item = await createItem(owner.client, restaurant.id);
    const listed = await sitemap();
    expect(listed).toContain(`<loc>${baseURL}/restaurants/${restaurant.id}</loc>`);
    expect(listed).toContain(`<loc>${baseURL}/menu-items/${item.id}</loc>`);
    expect((await operator.client.post(`/api/admin/restaurants/${restaurant.id}`, { action: "suspend", reason: "Health inspection failed" })).status()).toBe(200);
    const hidden = await sitemap();
    expect(hidden).not.toContain(`/restaurants/${restaurant.id}<`);
    expect(hidden).not.toContain(`/menu-items/${item.id}<`);
    // A crawler's conditional read: 304 while the catalog is unchanged (other workers' tests write to
    // the shared catalog: a write between the two reads is a fair 200, so up to five pairs).
    const conditional = async () => {
      const etag = (await client.get("/sitemap.xml")).headers()["etag"]!;
      return (await client.get("/sitemap.xml", { "if-none-match": etag })).status();
    };
    let status = await conditional();
    for (let attempt = 1; attempt < 5 && status !== 304; attempt++) status = await conditional();
    expect(status).toBe(304);
  });

  test("a restaurant page carries a schema.org Restaurant with its menu and rating, and its share tags", async ({ baseURL }) => {
    const client = await visitor(baseURL!);
    const { restaurant } = (await (await client.get("/api/restaurants/2")).json()) as { restaurant: { name: string; rating: number | null; numReviews: number } };
    const dishNames = ((await (await client.get("/api/menu-items?restaurantId=2&limit=100")).json()) as { name: string }[]).map((dish) => dish.name);
    // The render, then the host's replay of the kept page: both carry the same data.
    for (let round = 0; round < 2; round++) {
      const html = await (await client.get("/restaurants/2")).text();
      const [data] = jsonLdOf(html);
      expect(data).toMatchObject({
        "@context": "https://schema.org",
        "@type": "Restaurant",
        name: restaurant.name,
        url: `${baseURL}/restaurants/2`,
        hasMenu: { "@type": "Menu" },
      });
      const items = [...(data!.hasMenu.hasMenuSection ?? []).flatMap((section) => section.hasMenuItem), ...(data!.hasMenu.hasMenuItem ?? [])];
      expect(items.map((item) => item.name).sort()).toEqual([...dishNames].sort());
      expect(items[0]).toMatchObject({ "@type": "MenuItem", offers: { "@type": "Offer", priceCurrency: "USD" } });
      if (restaurant.numReviews > 0)
        expect(data!.aggregateRating).toMatchObject({ "@type": "AggregateRating", ratingValue: restaurant.rating, reviewCount: restaurant.numReviews });
      expect(canonicalOf(html)).toBe(`${baseURL}/restaurants/2`);
      expect(metaOf(html, "og:url")).toBe(`${baseURL}/restaurants/2`);
      expect(metaOf(html, "og:title")).toBe(restaurant.name);
      expect(metaOf(html, "og:image")).toMatch(new RegExp(`^${baseURL}/images/food/[\\w-]+\\.webp$`));
      expect(metaOf(html, "twitter:card")).toBe("summary_large_image");
    }
  });

  test("a dish page carries a schema.org MenuItem sold by its restaurant, and its share tags", async ({ baseURL }) => {
    const client = await visitor(baseURL!);
    const owner = await signUpCustomer(baseURL!);
    const restaurant = await createRestaurant(owner.client);
    const item = await createItem(owner.client, restaurant.id, { name: "Zz <Smoked> & Salted", food_image: "/images/food/american-meatloaf.webp" });
    const html = await (await client.get(`/menu-items/${item.id}`)).text();
    expect(jsonLdOf(html)).toEqual([
      expect.objectContaining({
        "@type": "MenuItem",
        name: "Zz <Smoked> & Salted",
        url: `${baseURL}/menu-items/${item.id}`,
        image: `${baseURL}/images/food/american-meatloaf.webp`,
        offers: {
          "@type": "Offer",
          price: "12.50",
          priceCurrency: "USD",
          offeredBy: { "@type": "Restaurant", "@id": `${baseURL}/restaurants/${restaurant.id}`, name: restaurant.name },
        },
      }),
    ]);
    expect(html).not.toContain("<Smoked>");
    expect(canonicalOf(html)).toBe(`${baseURL}/menu-items/${item.id}`);
    expect(metaOf(html, "og:image")).toBe(`${baseURL}/images/food/american-meatloaf.webp`);
    expect(metaOf(html, "twitter:image")).toBe(`${baseURL}/images/food/american-meatloaf.webp`);
  });
});

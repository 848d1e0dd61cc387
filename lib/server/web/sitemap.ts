import "server-only";
import { absoluteUrl } from "@/lib/shared/web/structured-data";
import { catalogVersion } from "../platform/catalog-cache";
import { SITEMAP_MAX_URLS, sitemapCounts, sitemapEntries, type SitemapEntry, type SitemapKind } from "../restaurants/sitemap";
import { publicOrigin } from "./public-meta";
import { shareUntilChanged } from "./kept-answers";

// GET /sitemap.xml (app/sitemap.xml/route.ts): every catalog page (lib/server/restaurants/sitemap.ts)
// with absolute URLs on the public origin. Up to SITEMAP_MAX_URLS URLs it is one <urlset>; past
// that, a <sitemapindex> of files `/sitemap.xml?file=<kind>-<n>` (restaurants, then dishes, each
// cut every SITEMAP_MAX_URLS). The XML is streamed a page of rows at a time. The answer is shared
// (shareUntilChanged): the host keeps it and replays it until the catalog's version moves, so it
// is built once per catalog change, not per crawler request; its ETag is that version too, so a
// crawler's conditional GET costs one version read.

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';
const NS = 'xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"';
const KINDS: readonly SitemapKind[] = ["restaurants", "dishes"];

const escapeXml = (text: string) => text.replace(/[<>&'"]/g, (c) => `&${{ "<": "lt", ">": "gt", "&": "amp", "'": "apos", '"': "quot" }[c]};`);

/** A file of the split sitemap: which kind, which slice. */
type SitemapFile = { kind: SitemapKind; n: number };
const fileName = ({ kind, n }: SitemapFile) => `${kind}-${n}`;

/** The files a catalog of these counts is split into (none when it fits one file). */
export function sitemapFiles(counts: Record<SitemapKind, number>, max = SITEMAP_MAX_URLS): SitemapFile[] {
  if (counts.restaurants + counts.dishes <= max) return [];
  return KINDS.flatMap((kind) => Array.from({ length: Math.ceil(counts[kind] / max) }, (_, i) => ({ kind, n: i + 1 })));
}

function urlsXml(origin: string, entries: SitemapEntry[]): string {
  return entries.map((entry) => `<url><loc>${escapeXml(absoluteUrl(origin, entry.path))}</loc><lastmod>${entry.lastmod.toISOString()}</lastmod></url>\n`).join("");
}

/** The XML of one sitemap answer, in pieces: the urlset of everything, the index, or one file. */
async function* sitemapXml(file: string | null, max: number): AsyncGenerator<string> {
  const origin = publicOrigin();
  const counts = await sitemapCounts();
  const files = sitemapFiles({ restaurants: counts.restaurants.count, dishes: counts.dishes.count }, max);
  if (file === null && files.length) {
    yield `${XML_HEAD}<sitemapindex ${NS}>\n`;
    for (const part of files) {
      const lastmod = counts[part.kind].lastmod;
      const loc = absoluteUrl(origin, `/sitemap.xml?file=${fileName(part)}`);
      yield `<sitemap><loc>${escapeXml(loc)}</loc>${lastmod ? `<lastmod>${lastmod.toISOString()}</lastmod>` : ""}</sitemap>\n`;
    }
    yield "</sitemapindex>\n";
    return;
  }
  const slices = file === null ? KINDS.map((kind) => ({ kind, from: 0, count: counts[kind].count })) : sliceOf(files, file, max);
  yield `${XML_HEAD}<urlset ${NS}>\n`;
  for (const { kind, from, count } of slices) {
    for await (const entries of sitemapEntries(kind, from, count)) yield urlsXml(origin, entries);
  }
  yield "</urlset>\n";
}

function sliceOf(files: SitemapFile[], name: string, max: number) {
  const part = files.find((candidate) => fileName(candidate) === name);
  if (!part) throw new UnknownSitemapFile();
  return [{ kind: part.kind, from: (part.n - 1) * max, count: max }];
}

class UnknownSitemapFile extends Error {}

/**
 * The answer to GET /sitemap.xml[?file=...]: 304 when the crawler's ETag is the catalog's
 * current version, 404 for a file the catalog does not split into, else the XML, streamed and
 * marked shared until the catalog changes. `max` is the URLs per file (the tests make it small).
 */
export async function sitemapResponse(request: Request, max = SITEMAP_MAX_URLS): Promise<Response> {
  const version = await catalogVersion();
  const file = new URL(request.url).searchParams.get("file");
  const etag = `"catalog-${version}"`;
  const headers = { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=0, must-revalidate", ETag: etag };
  if (request.headers.get("if-none-match") === etag) return new Response(null, { status: 304, headers });
  const pieces = sitemapXml(file, max);
  // The first piece settles whether the file exists (a 404 before any byte is sent).
  let first: IteratorResult<string>;
  try {
    first = await pieces.next();
  } catch (error) {
    if (error instanceof UnknownSitemapFile) return new Response("Not found\n", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
    throw error;
  }
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      if (!first.done) controller.enqueue(encoder.encode(first.value));
    },
    async pull(controller) {
      const next = await pieces.next();
      if (next.done) controller.close();
      else controller.enqueue(encoder.encode(next.value));
    },
    async cancel() {
      await pieces.return(undefined);
    },
  });
  return shareUntilChanged(new Response(body, { headers }), version, null);
}

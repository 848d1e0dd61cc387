import { publishLegalDocument } from "@/lib/server/operators/legal";
import { handle } from "@/lib/server/web/handle";

export const POST = handle("POST /api/admin/legal", async ({ operator, body }) => {
  const published = await publishLegalDocument(operator, body);
  return { kind: published.kind, version: published.version, language: published.language, title: published.title, publishedAt: published.publishedAt.toISOString() };
});

import { searchUntil } from "@/lib/server/search/index";
import { requestLocale } from "@/lib/i18n/translate";
import { sharedJson } from "@/lib/server/web/kept-answers/index";
import { handle } from "@/lib/server/web/handle";

// The answer depends on the URL and the catalog only, so the host (server/) replays it until either
// changes (lib/server/web/kept-answers/index.ts).
// Dishes are named in the request's language where the owner gave it (the host keeps one answer per language).
export const GET = handle("GET /api/search", async ({ query }) => {
  const locale = await requestLocale();
  return sharedJson(async () => {
    const { result, until } = await searchUntil(query, locale);
    return { body: result, until };
  });
});

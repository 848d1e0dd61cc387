import { searchUntil } from "@/lib/server/search/index";
import { sharedJson } from "@/lib/server/web/shared-responses";
import { handle } from "@/lib/server/web/handle";

// The answer depends on the URL and the catalog only, so the host (server/) replays it until either
// changes (lib/server/web/shared-responses.ts).
export const GET = handle("GET /api/search", ({ query }) =>
  sharedJson(async () => {
    const { result, until } = await searchUntil(query);
    return { body: result, until };
  }),
);

import { ApiError } from "@/lib/server/platform/errors";
import { route } from "@/lib/server/web/route";
import { said } from "@/lib/shared/words/said";

// Any /api path no handler claims: a JSON 404 in the contract's error shape, never the HTML page.
const notFound = route(async () => {
  throw new ApiError("not_found", said("messages.noEndpoint"));
});

export { notFound as GET, notFound as POST, notFound as PUT, notFound as PATCH, notFound as DELETE };

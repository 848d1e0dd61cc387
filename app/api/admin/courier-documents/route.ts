import { documentQueue } from "@/lib/server/onboarding/review";
import { handle } from "@/lib/server/web/handle";

export const GET = handle("GET /api/admin/courier-documents", ({ operator, query }) => documentQueue(operator, query));

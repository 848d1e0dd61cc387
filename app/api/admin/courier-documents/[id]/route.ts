import { reviewDocument } from "@/lib/server/onboarding/review";
import { handle } from "@/lib/server/web/handle";

export const POST = handle("POST /api/admin/courier-documents/{id}", ({ operator, params, body }) => reviewDocument(operator, params.id, body));

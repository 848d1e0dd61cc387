import { appealEvidence } from "@/lib/server/courier-record/appeals";
import { handle } from "@/lib/server/web/handle";

export const GET = handle("GET /api/admin/courier-appeals/{id}/evidence", async ({ operator, params }) => {
  const bytes = await appealEvidence(operator, params.id);
  return new Response(new Uint8Array(bytes), {
    headers: { "Content-Type": "image/webp", "Cache-Control": "private, no-store", "X-Content-Type-Options": "nosniff" },
  });
});

import { readDocumentPhoto } from "@/lib/server/onboarding/documents";
import { handle } from "@/lib/server/web/handle";

export const GET = handle("GET /api/admin/courier-documents/{id}/photo", async ({ user, params }) => {
  const bytes = await readDocumentPhoto(user, params.id);
  return new Response(new Uint8Array(bytes), {
    headers: { "Content-Type": "image/webp", "Cache-Control": "private, no-store", "X-Content-Type-Options": "nosniff" },
  });
});

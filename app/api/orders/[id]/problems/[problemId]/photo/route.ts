import { readProblemPhoto } from "@/lib/server/problems/photo";
import { handle } from "@/lib/server/web/handle";

export const GET = handle("GET /api/orders/{id}/problems/{problemId}/photo", async ({ user, params }) => {
  const bytes = await readProblemPhoto(user, params.id, params.problemId);
  return new Response(new Uint8Array(bytes), {
    headers: { "Content-Type": "image/webp", "Cache-Control": "private, no-store", "X-Content-Type-Options": "nosniff" },
  });
});

import { readDoorPhoto } from "@/lib/server/dispatch/door-photo";
import { handle } from "@/lib/server/web/handle";

export const GET = handle("GET /api/courier/jobs/{id}/door-photo", async ({ courier, params }) => {
  const bytes = await readDoorPhoto(courier, params.id);
  return new Response(new Uint8Array(bytes), {
    headers: { "Content-Type": "image/webp", "Cache-Control": "private, no-store", "X-Content-Type-Options": "nosniff" },
  });
});

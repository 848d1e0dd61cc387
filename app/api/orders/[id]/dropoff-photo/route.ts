import { readDropoffPhoto } from "@/lib/server/courier-steps/dropoff-photo";
import { handle } from "@/lib/server/web/handle";

export const GET = handle("GET /api/orders/{id}/dropoff-photo", async ({ user, params }) => {
  const bytes = await readDropoffPhoto(user, params.id);
  return new Response(new Uint8Array(bytes), {
    headers: { "Content-Type": "image/webp", "Cache-Control": "private, no-store", "X-Content-Type-Options": "nosniff" },
  });
});

import { readPicture } from "@/lib/server/platform/pictures";
import { isLegacyProblemPhoto } from "@/lib/server/problems/photo";

// GET /uploads/{file} - a stored profile picture (always WebP: uploads are re-encoded)
export async function GET(_request: Request, context: { params: Promise<{ file: string }> }) {
  const file = (await context.params).file;
  const picture = await readPicture(file);
  // An earlier problem report's photo is private evidence: only GET /api/orders/{id}/problems/{problemId}/photo reads it.
  if (!picture || (/^[0-9]+-/.test(file) && (await isLegacyProblemPhoto(file)))) return new Response("Not found", { status: 404 });
  return new Response(new Uint8Array(picture), {
    headers: { "Content-Type": "image/webp", "Cache-Control": "public, max-age=31536000, immutable", "X-Content-Type-Options": "nosniff" },
  });
}

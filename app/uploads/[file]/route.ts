import { readPicture } from "@/lib/server/platform/pictures";

// GET /uploads/{file} - a stored profile picture (always WebP: uploads are re-encoded)
export async function GET(_request: Request, context: { params: Promise<{ file: string }> }) {
  const picture = await readPicture((await context.params).file);
  if (!picture) return new Response("Not found", { status: 404 });
  return new Response(new Uint8Array(picture), {
    headers: { "Content-Type": "image/webp", "Cache-Control": "public, max-age=31536000, immutable", "X-Content-Type-Options": "nosniff" },
  });
}

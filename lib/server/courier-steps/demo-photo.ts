import "server-only";
import sharp from "sharp";

// The demo courier's drop-off photo (simulator.ts): a "Leave it at my door" order is marked
// delivered only with a photo (courier-steps/dropoff-photo.ts assertDropoffProof), so the demo courier
// sends one the way the courier app does: a picture (a drawn bag at a door, no camera here) that
// goes through the uploads' one path, re-encoded and stored privately like any courier's.

const DOOR_SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="320" height="240" viewBox="0 0 320 240">
<rect width="320" height="240" fill="#e9e2d6"/><rect y="200" width="320" height="40" fill="#b9ab96"/>
<rect x="110" y="30" width="100" height="172" rx="4" fill="#7a4b2a"/><circle cx="195" cy="120" r="5" fill="#e0c27a"/>
<path d="M150 160 h60 l-6 42 h-48 z" fill="#c9975b"/><path d="M166 160 q14 -22 28 0" stroke="#8a6239" stroke-width="4" fill="none"/>
</svg>`;

let png: Promise<Buffer> | null = null;

/** A new File of the demo's door picture (a PNG of a few KB, drawn once per process). */
export async function demoDropoffPhoto(): Promise<File> {
  png ??= sharp(Buffer.from(DOOR_SVG)).png().toBuffer();
  const bytes = await png.catch((error: unknown) => {
    png = null;
    throw error;
  });
  return new File([new Uint8Array(bytes)], "demo-door.png", { type: "image/png" });
}

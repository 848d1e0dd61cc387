// The installable app's icons (app/manifest.ts), made from app/icon.svg with sharp and committed
// under public/icons/: `node scripts/make-icons.mjs` after changing the logo.
// - icon-192.png, icon-512.png: the logo as it is (a round badge on transparency), "any" purpose;
// - maskable-512.png: the badge's colour edge to edge with the mark inside the central 60%, so a
//   launcher's circle or squircle mask (which may cut up to the outer 10% on each side) never
//   clips it ("maskable" purpose, https://web.dev/articles/maskable-icon).
import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";

const ROOT = path.resolve(import.meta.dirname, "..");
const OUT = path.join(ROOT, "public/icons");
const logo = fs.readFileSync(path.join(ROOT, "app/icon.svg"), "utf8");
const BRAND = logo.match(/fill="(#[0-9a-f]{6})"/i)?.[1] ?? "#c8290f";

/** The mark (the logo without its round background), on a full square of the brand colour. */
function maskableSvg() {
  const mark = logo.replace(/<circle cx="16" cy="16" r="16"[^>]*\/>/, "");
  const inner = mark.replace(/^<svg[^>]*>/, "").replace(/<\/svg>\s*$/, "");
  // The mark spans r=9 (+ stroke) of 32: scaled by 1.2 around the centre it stays inside the central 60%.
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32" width="512" height="512"><rect width="32" height="32" fill="${BRAND}"/><g transform="translate(16 16) scale(1.2) translate(-16 -16)">${inner}</g></svg>`;
}

fs.mkdirSync(OUT, { recursive: true });
for (const size of [192, 512]) {
  await sharp(Buffer.from(logo), { density: (72 * size) / 32 })
    .resize(size, size)
    .png({ compressionLevel: 9, palette: true })
    .toFile(path.join(OUT, `icon-${size}.png`));
}
await sharp(Buffer.from(maskableSvg()), { density: 72 }).resize(512, 512).png({ compressionLevel: 9, palette: true }).toFile(path.join(OUT, "maskable-512.png"));
console.log(
  fs
    .readdirSync(OUT)
    .map((f) => `${f} ${fs.statSync(path.join(OUT, f)).size} B`)
    .join("\n"),
);

// Resizes the food photos used by the seed into public/images/food and writes their credits.
//
//   npx tsx prisma/photos.ts            # make missing files only
//   npx tsx prisma/photos.ts --force    # remake every file
//
// Reads ../shared/assets/food-photos (relative to the repo root) and writes, per used photo:
//   <name>.webp     640x480 card      (cover crop, quality 72)
//   <name>-sm.webp  160x160 thumbnail (cover crop, quality 65)
//   <name>-lg.webp  1280x560 hero     (cover crop, quality 70), only for restaurant store images
// plus public/images/food/LICENSE-AND-CREDITS.md (a copy of the source credits) and
// prisma/photo-credits.json (generated from manifest.json; lib/shared/demo/photo-credits.ts reads it).
// Deterministic; existing outputs are kept.

import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import sharp from "sharp";
import { restaurants } from "./seed-data";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const SOURCE_DIR = path.resolve(ROOT, "../shared/assets/food-photos");
const OUT_DIR = path.join(ROOT, "public/images/food");
const CREDITS_JSON = path.join(ROOT, "prisma/photo-credits.json");
const PUBLIC_PREFIX = "/images/food/";

interface ManifestRecord {
  file: string;
  dish: string;
  cuisine: string;
  item_type: string;
  width: number;
  height: number;
  source: string;
  source_commit: string;
  source_path: string;
  license: string;
  license_short: string;
  credit: string;
  photo_page: string | null;
  source_key: "A" | "B" | "C" | "D";
}

interface Variant {
  suffix: "" | "-sm" | "-lg";
  width: number;
  height: number;
  quality: number;
  position: string;
}

const CARD: Variant = { suffix: "", width: 640, height: 480, quality: 72, position: "centre" };
const THUMB: Variant = { suffix: "-sm", width: 160, height: 160, quality: 65, position: "centre" };
// Heroes are a wide band of the photo: let libvips keep the most salient part of it.
const HERO: Variant = { suffix: "-lg", width: 1280, height: 560, quality: 70, position: "attention" };
/** Crops checked by eye where the default strategy picks the wrong part of the photo. */
const POSITION_OVERRIDES: Record<string, Partial<Record<Variant["suffix"], string>>> = {
  // "attention" settles on the chopsticks and the placemat instead of the bowl.
  "vietnamese-pho": { "-lg": "entropy" },
};

/** Where each source came from; the wording follows LICENSE-AND-CREDITS.md. */
const SOURCES = {
  A: {
    repository: "LukeSmithxyz/based.cooking",
    commit: "2d8642ec41ccc6162ec3123c15024dd3d22cc33b",
    branch: null,
    name: "based.cooking",
    licence: "Public domain (Unlicense)",
    licenceUrl: "https://unlicense.org/",
    attributionRequired: false,
    evidence: 'LICENSE.md (the Unlicense) and README.md, section License: "This website and all its content is in the public domain."',
    note: "No attribution required; as a courtesy each photo names who submitted it (the author of the first commit that added the file).",
  },
  B: {
    repository: "drupal/core",
    commit: "401b0999cdb9e2ee91b7ec0c73acb254ad184c1f",
    branch: null,
    name: "Drupal Umami demo",
    licence: "CC BY-SA 4.0",
    licenceUrl: "https://creativecommons.org/licenses/by-sa/4.0/",
    attributionRequired: true,
    evidence: "profiles/demo_umami/modules/demo_umami_content/default_content/LICENCE.txt lists each file with its author under CC BY-SA 4.0.",
    note: "Credit the author, name and link the licence, and say the photo was changed. The resized and cropped copies served by Nosh are adaptations and stay under CC BY-SA 4.0.",
  },
  C: {
    repository: "CreativeNana/cpnt262-a4",
    commit: "eeb4d4cc4d57ec0bafe5387f5e630f670fda6b9e",
    branch: null,
    name: "Pexels (via CreativeNana/cpnt262-a4)",
    licence: "Pexels License",
    licenceUrl: "https://www.pexels.com/license/",
    attributionRequired: false,
    evidence:
      'README.md, Data Gathering: "Download images from Pexel.com and edit them"; public/js/foods.js credits photographers one by one, the rest are named by their Pexels file name.',
    note: "Free to use and modify; attribution not required but given. Do not sell unaltered copies or imply endorsement.",
  },
  D: {
    repository: "ishara111/MAD-tutorials",
    commit: "79586bde7bd471081c6fba51de16cafe3dcd9b5a",
    branch: "Assignment-1",
    name: "Pexels (via ishara111/MAD-tutorials)",
    licence: "Pexels License",
    licenceUrl: "https://www.pexels.com/license/",
    attributionRequired: false,
    evidence: "Per-file Pexels credits in a comment at the end of app/src/main/java/com/example/assignment_1/database/DatabaseHelper.java.",
    note: "Free to use and modify; attribution not required but given. Originals are 212x212 thumbnails, so the larger sizes are upscaled.",
  },
} as const;

/** "submitted by mfed3 (commit ...)" / "Photo by Josh Sorenson on Pexels <url>" / "Keith Jay" -> the person. */
function authorOf(record: ManifestRecord): string {
  const submitted = /^submitted by (.+?) \(commit /.exec(record.credit);
  if (submitted) return submitted[1]!;
  const pexels = /^Photo by (.+?) on Pexels/.exec(record.credit);
  if (pexels) return pexels[1]!;
  return record.credit.trim();
}

function pexelsPage(record: ManifestRecord): string | undefined {
  return record.photo_page ?? /<(https:\/\/www\.pexels\.com\/[^>]+)>/.exec(record.credit)?.[1];
}

function baseName(file: string): string {
  return file.replace(/\.(webp|jpe?g|png)$/i, "");
}

function outputName(name: string, variant: Variant): string {
  return `${name}${variant.suffix}.webp`;
}

/** Photo base names referenced by the seed: [all used, used as store images]. */
function usedPhotos(): { all: string[]; heroes: string[] } {
  const toName = (publicPath: string) => {
    if (!publicPath.startsWith(PUBLIC_PREFIX) || !publicPath.endsWith(".webp")) {
      throw new Error(`unexpected image path ${publicPath}`);
    }
    return publicPath.slice(PUBLIC_PREFIX.length, -".webp".length);
  };
  const all = new Set<string>();
  const heroes = new Set<string>();
  for (const r of restaurants) {
    heroes.add(toName(r.storeImage));
    all.add(toName(r.storeImage));
    for (const m of r.menu) all.add(toName(m.foodImage));
  }
  return { all: [...all].sort(), heroes: [...heroes].sort() };
}

async function writeVariant(source: string, name: string, variant: Variant, force: boolean): Promise<"made" | "kept"> {
  const target = path.join(OUT_DIR, outputName(name, variant));
  if (!force && fs.existsSync(target)) return "kept";
  const buffer = await sharp(source)
    .rotate() // honour EXIF orientation before cropping
    .resize(variant.width, variant.height, {
      fit: "cover",
      position: POSITION_OVERRIDES[name]?.[variant.suffix] ?? variant.position,
      kernel: "lanczos3",
    })
    .webp({ quality: variant.quality, effort: 6, smartSubsample: true })
    .toBuffer();
  fs.writeFileSync(target, buffer);
  return "made";
}

function writeIfChanged(file: string, content: string): boolean {
  if (fs.existsSync(file) && fs.readFileSync(file, "utf8") === content) return false;
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, content);
  return true;
}

/** prisma/photo-credits.json: { sources, credits }, read through lib/shared/demo/photo-credits.ts (its types and lookups). */
function creditsJson(records: ManifestRecord[], used: string[]): string {
  const byName = new Map(records.map((r) => [baseName(r.file), r]));
  const credits = used.map((name) => {
    const record = byName.get(name);
    if (!record) throw new Error(`no manifest record for ${name}`);
    const source = SOURCES[record.source_key];
    const branch = source.branch ? ` (branch ${source.branch})` : "";
    const page = record.source_key === "C" || record.source_key === "D" ? pexelsPage(record) : undefined;
    return {
      file: `${PUBLIC_PREFIX}${name}.webp`,
      dish: record.dish,
      author: authorOf(record),
      licence: source.licence,
      licenceUrl: source.licenceUrl,
      source: `${source.repository}${branch} @ ${source.commit} / ${record.source_path}`,
      sourceKey: record.source_key,
      credit: record.credit,
      ...(page ? { photoPage: page } : {}),
      attributionRequired: source.attributionRequired,
      modified: "Resized, cropped and converted to WebP by Nosh",
    };
  });
  const counts = { A: 0, B: 0, C: 0, D: 0 };
  for (const c of credits) counts[c.sourceKey] += 1;
  const sources = (Object.keys(SOURCES) as (keyof typeof SOURCES)[]).map((key) => ({
    key,
    ...SOURCES[key],
    photosUsed: counts[key],
  }));

  return `${JSON.stringify({ sources, credits }, null, 2)}\n`;
}

async function main() {
  const force = process.argv.includes("--force");
  const records = JSON.parse(fs.readFileSync(path.join(SOURCE_DIR, "manifest.json"), "utf8")) as ManifestRecord[];
  const sourceByName = new Map(records.map((r) => [baseName(r.file), path.join(SOURCE_DIR, r.file)]));
  const { all, heroes } = usedPhotos();
  fs.mkdirSync(OUT_DIR, { recursive: true });

  let made = 0;
  let kept = 0;
  for (const name of all) {
    const source = sourceByName.get(name);
    if (!source || !fs.existsSync(source)) throw new Error(`source photo missing for ${name}`);
    const variants = heroes.includes(name) ? [CARD, THUMB, HERO] : [CARD, THUMB];
    for (const variant of variants) {
      if ((await writeVariant(source, name, variant, force)) === "made") made += 1;
      else kept += 1;
    }
  }

  const expected = new Set(all.flatMap((n) => [outputName(n, CARD), outputName(n, THUMB)]).concat(heroes.map((n) => outputName(n, HERO))));
  const stale = fs.readdirSync(OUT_DIR).filter((f) => f.endsWith(".webp") && !expected.has(f));

  const licence = fs.readFileSync(path.join(SOURCE_DIR, "LICENSE-AND-CREDITS.md"), "utf8");
  writeIfChanged(path.join(OUT_DIR, "LICENSE-AND-CREDITS.md"), licence);
  const creditsChanged = writeIfChanged(CREDITS_JSON, creditsJson(records, all));

  const bytes = fs.readdirSync(OUT_DIR).reduce((sum, f) => sum + fs.statSync(path.join(OUT_DIR, f)).size, 0);
  console.log(
    `photos: ${all.length} used (${heroes.length} heroes); ${made} files written, ${kept} kept; ` +
      `${(bytes / 1024 / 1024).toFixed(2)} MB in public/images/food; credits ${creditsChanged ? "updated" : "unchanged"}`,
  );
  if (stale.length > 0) console.log(`not used by the seed any more (delete by hand if unwanted): ${stale.join(", ")}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

import "server-only";
import { ACCEPTED_AT, LEGAL_KINDS, LEGAL_NAMES, type AcceptedVia, type LegalKind } from "@/lib/shared/people/legal";
import { conflict } from "../platform/errors";
import { db, type Tx } from "../platform/db";
import { FIRST_VERSIONS } from "./defaults";
import { FIRST_VERSIONS_ES } from "./defaults-es";
import { legalMigrationAppliedAt } from "./queries";
import { said } from "@/lib/shared/words/said";

// The legal documents and who accepted which version (docs/architecture/legal.md). Version 1 of
// each is the app's own text (defaults.ts); an operator's edit adds a LegalDocument row with the
// next version (operators/legal.ts), and no version is ever changed or deleted. An acceptance is a
// LegalAcceptance row: the person, the document, the version and where (signup, adding a
// restaurant, applying to deliver, or the accept page after a new version).

export type LegalVersion = { kind: LegalKind; version: number; title: string; body: string; publishedAt: Date };

/**
 * When version 1 (the app's own text) was published here: when this database took the migration
 * that brought the legal documents (its creation, for a database made since), so never a date
 * to come. Read once per process.
 */
let firstPublished: Promise<Date> | undefined;
export function firstVersionPublishedAt(client: Tx | typeof db = db): Promise<Date> {
  firstPublished ??= legalMigrationAppliedAt(client).then(
    (at) => at ?? new Date(),
    (error: unknown) => {
      firstPublished = undefined;
      throw error;
    },
  );
  return firstPublished;
}

const first = async (kind: LegalKind, client: Tx | typeof db = db): Promise<LegalVersion> => ({
  kind,
  version: 1,
  ...FIRST_VERSIONS[kind],
  publishedAt: await firstVersionPublishedAt(client),
});
const ofRow = (row: { kind: string; version: number; title: string; body: string; createdAt: Date }): LegalVersion => ({
  kind: row.kind as LegalKind,
  version: row.version,
  title: row.title,
  body: row.body,
  publishedAt: row.createdAt,
});

/** The version in effect: the newest published, else version 1. */
export async function currentDocument(kind: LegalKind, client: Tx | typeof db = db): Promise<LegalVersion> {
  const row = await client.legalDocument.findFirst({ where: { kind }, orderBy: { version: "desc" } });
  return row ? ofRow(row) : first(kind, client);
}

/** A version as a reader sees it: `language` is the text's, English when no translation of it exists. */
export type ShownLegal = LegalVersion & { language: string };

/** The app's own translations of version 1, by language. */
const FIRST_TRANSLATIONS: Record<string, Record<LegalKind, { title: string; body: string }>> = { es: FIRST_VERSIONS_ES };

/** A version's own text in `language`: an operator's translation of it, else the app's (version 1); null when it has none. */
export async function translationOf(kind: LegalKind, version: number, language: string, client: Tx | typeof db = db): Promise<{ title: string; body: string } | null> {
  if (language === "en") return null;
  const row = await client.legalTranslation.findUnique({ where: { kind_version_language: { kind, version, language } }, select: { title: true, body: true } });
  return row ?? (version === 1 ? (FIRST_TRANSLATIONS[language]?.[kind] ?? null) : null);
}

/**
 * `document` in `language` (docs/architecture/legal.md "Languages"): its translation, else the
 * English text (`language` "en"): a translation of an earlier version never stands in for a newer one.
 */
export async function inLanguage(document: LegalVersion, language: string, client: Tx | typeof db = db): Promise<ShownLegal> {
  const text = await translationOf(document.kind, document.version, language, client);
  return text ? { ...document, ...text, language } : { ...document, language: "en" };
}

/** The current version of every document, in LEGAL_KINDS order. */
export async function currentVersions(client: Tx | typeof db = db): Promise<Record<LegalKind, number>> {
  const rows = await client.legalDocument.groupBy({ by: ["kind"], _max: { version: true } });
  const newest = new Map(rows.map((row) => [row.kind, row._max.version ?? 1]));
  return Object.fromEntries(LEGAL_KINDS.map((kind) => [kind, newest.get(kind) ?? 1])) as Record<LegalKind, number>;
}

/** One version of a document, or null when it has none of that number. */
export async function documentVersion(kind: LegalKind, version: number): Promise<LegalVersion | null> {
  if (version === 1) return first(kind);
  const row = await db.legalDocument.findUnique({ where: { kind_version: { kind, version } } });
  return row ? ofRow(row) : null;
}

/** Every version of a document, newest first (their text left out). */
export async function documentHistory(kind: LegalKind): Promise<{ version: number; title: string; publishedAt: Date }[]> {
  const rows = await db.legalDocument.findMany({ where: { kind }, orderBy: { version: "desc" }, select: { version: true, title: true, createdAt: true } });
  return [
    ...rows.map((row) => ({ version: row.version, title: row.title, publishedAt: row.createdAt })),
    { version: 1, title: FIRST_VERSIONS[kind].title, publishedAt: await firstVersionPublishedAt() },
  ];
}

/**
 * Records that `userId` accepted the current version of each of `kinds` (by `via`), in the
 * caller's transaction; accepting a version again changes nothing. The versions recorded.
 */
export async function recordAcceptance(tx: Tx, userId: number, kinds: readonly LegalKind[], via: AcceptedVia): Promise<{ kind: LegalKind; version: number }[]> {
  const versions = await currentVersions(tx);
  const accepted = kinds.map((kind) => ({ kind, version: versions[kind] }));
  for (const { kind, version } of accepted) {
    await tx.legalAcceptance.upsert({ where: { userId_kind_version: { userId, kind, version } }, create: { userId, kind, version, via }, update: {} });
  }
  return accepted;
}

/** Records the acceptance of what a step asks (ACCEPTED_AT), in the step's transaction. */
export const acceptForStep = (tx: Tx, userId: number, step: Exclude<AcceptedVia, "prompt">) => recordAcceptance(tx, userId, ACCEPTED_AT[step], step);

export type Acceptances = {
  accepted: { kind: LegalKind; version: number; via: string; acceptedAt: string }[];
  /** Documents with a newer version than the one the person accepted, which they must accept before going on (the accept page). */
  pending: { kind: LegalKind; version: number; title: string }[];
};

/** Who the accept page asks: an owner or a courier (their work depends on the agreements). */
export type LegalPerson = { id: number; restaurantOwner: boolean; courier: boolean; courierStatus?: string | null };

/**
 * The documents an owner or a courier must have accepted in their current version: the terms,
 * the privacy policy and their own agreement. Anyone else is asked nothing (a customer's
 * acceptance at sign-up stands).
 */
export function requiredKinds(person: LegalPerson): LegalKind[] {
  const courier = person.courier || person.courierStatus === "applied" || person.courierStatus === "approved";
  if (!person.restaurantOwner && !courier) return [];
  return [...ACCEPTED_AT.signup, ...(person.restaurantOwner ? ACCEPTED_AT.restaurant : []), ...(courier ? ACCEPTED_AT.courier : [])];
}

/** What the person accepted (newest first) and which documents they must accept now. */
export async function acceptancesOf(person: LegalPerson): Promise<Acceptances> {
  const [rows, versions] = await Promise.all([
    db.legalAcceptance.findMany({ where: { userId: person.id }, orderBy: [{ acceptedAt: "desc" }, { id: "desc" }] }),
    currentVersions(),
  ]);
  // Asked again: a document of theirs they accepted an earlier version of (an account that never
  // accepted one, made before acceptances were recorded, is not stopped by a page it never saw).
  const pendingKinds = requiredKinds(person).filter(
    (kind) => rows.some((row) => row.kind === kind) && !rows.some((row) => row.kind === kind && row.version === versions[kind]),
  );
  const pending = await Promise.all(pendingKinds.map(async (kind) => ({ kind, version: versions[kind], title: (await currentDocument(kind)).title })));
  return {
    accepted: rows.map((row) => ({ kind: row.kind as LegalKind, version: row.version, via: row.via, acceptedAt: row.acceptedAt.toISOString() })),
    pending,
  };
}

/** Whether the person has a document to accept before their owner's or courier's pages (one query when they have none to). */
export async function mustAccept(person: LegalPerson): Promise<boolean> {
  if (requiredKinds(person).length === 0) return false;
  return (await acceptancesOf(person)).pending.length > 0;
}

/**
 * POST /api/legal/acceptances: the person accepts the current version of `kinds`, each one the
 * accept page asks of them (others are left out); the versions recorded. `version` per kind, when
 * sent, must be the current one (409 otherwise: a version published while the page was open).
 */
export async function acceptPending(person: LegalPerson, documents: readonly { kind: LegalKind; version: number }[]): Promise<{ kind: LegalKind; version: number }[]> {
  const required = new Set(requiredKinds(person));
  return db.$transaction(async (tx) => {
    const versions = await currentVersions(tx);
    const stale = documents.find((document) => versions[document.kind] !== document.version);
    if (stale) throw conflict(said("rules.handlers.legalStale", { document: LEGAL_NAMES[stale.kind] }));
    return recordAcceptance(
      tx,
      person.id,
      documents.map((document) => document.kind).filter((kind) => required.has(kind)),
      "prompt",
    );
  });
}

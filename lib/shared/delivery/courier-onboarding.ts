import { MARKET_TIME_ZONE } from "../constants";
import { atMinute } from "../time/zone-clock";
import { said, word } from "@/lib/shared/words/said";

// Courier onboarding's rules (docs/architecture/courier-onboarding.md), shared by the server and
// the courier's and operator's screens: the vehicles and their speeds (the dispatch's model follows
// the courier's), the documents a motor vehicle needs, and whether a courier's documents and
// background check let them go on shift and be offered jobs. Pure: no clock, no database.

export const VEHICLES = ["bike", "e_bike", "scooter", "car"] as const;
export type Vehicle = (typeof VEHICLES)[number];

/**
 * A courier's city speed over straight lines by vehicle, km/h: the matching's ride to a pickup
 * and the arrival it promises (a bike's 15 is lib/shared/delivery/delivery.ts COURIER_SPEED_KMH). A car is
 * barely faster than a scooter in a city: it parks.
 */
export const VEHICLE_SPEED_KMH: Record<Vehicle, number> = { bike: 15, e_bike: 20, scooter: 24, car: 22 };

/** The vehicles on the road with an engine: their couriers need a driving licence and insurance, approved and in date. */
export const MOTOR_VEHICLES: readonly Vehicle[] = ["scooter", "car"];
export const needsDocuments = (vehicle: Vehicle) => MOTOR_VEHICLES.includes(vehicle);

export const DOCUMENT_KINDS = ["licence", "insurance"] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];

export const DOCUMENT_STATUSES = ["pending", "approved", "resubmit", "rejected"] as const;
export type DocumentStatus = (typeof DOCUMENT_STATUSES)[number];

export const CHECK_STATUSES = ["pending", "clear", "consider", "failed"] as const;
export type CheckStatus = (typeof CHECK_STATUSES)[number];

/** The courier is warned this many days before a document expires; on expiry, offers stop. */
export const EXPIRY_WARNING_DAYS = 14;
const DAY_MS = 86_400_000;

/** When a document with `expiresOn` (YYYY-MM-DD, as printed) stops counting: the end of that day in the marketplace's zone. */
export function documentExpiresAt(expiresOn: string): Date {
  const [year, month, day] = expiresOn.split("-").map(Number) as [number, number, number];
  return atMinute({ year, month, day }, 1440, MARKET_TIME_ZONE);
}

/** Whether a document expiring at `expiresAt` is within its warning (EXPIRY_WARNING_DAYS) at `now`, still counting. */
export const expiresSoon = (expiresAt: Date, now: Date) => expiresAt.getTime() > now.getTime() && expiresAt.getTime() - now.getTime() <= EXPIRY_WARNING_DAYS * DAY_MS;

export type GateProfile = { vehicle: Vehicle; checkStatus: CheckStatus };
export type GateDocument = { kind: DocumentKind; status: DocumentStatus; expiresOn: string; expiresAt: Date };

/** A document and a vehicle as words inside a message (server.errors.words). */
export const KIND_WORDS: Record<DocumentKind, string> = { licence: word("drivingLicence"), insurance: word("insurance") };
const VEHICLE_WORDS: Record<Vehicle, string> = { bike: word("bike"), e_bike: word("eBike"), scooter: word("scooter"), car: word("car") };

export const ONBOARDING_SAID = {
  missing: (kind: DocumentKind, vehicle: Vehicle) => said("messages.courierDocumentMissing", { kind: KIND_WORDS[kind], vehicle: VEHICLE_WORDS[vehicle] }),
  waiting: (kind: DocumentKind) => said("messages.courierDocumentWaiting", { kind: KIND_WORDS[kind] }),
  expired: (kind: DocumentKind, on: string) => said("messages.courierDocumentExpired", { kind: KIND_WORDS[kind], date: on }),
} as const;

/**
 * Why a courier may not go on shift or be offered jobs for their documents and background check,
 * or null when they may. No onboarding (`profile` null: approved before it existed) is a bike with
 * nothing to show. Otherwise the background check must be clear and, for a motor vehicle, a
 * driving licence and an insurance each approved and not expired at `now`. The offers' SQL
 * (lib/server/onboarding/queries.ts DOCUMENTS_CLEAR) is the same rule.
 */
export function documentsBlock(profile: GateProfile | null, documents: readonly GateDocument[], now: Date): string | null {
  if (!profile) return null;
  if (profile.checkStatus === "pending") return said("messages.courierCheckPending");
  if (profile.checkStatus !== "clear") return said("messages.courierCheckNotClear");
  if (!needsDocuments(profile.vehicle)) return null;
  for (const kind of DOCUMENT_KINDS) {
    const mine = documents.filter((d) => d.kind === kind);
    if (mine.some((d) => d.status === "approved" && d.expiresAt.getTime() > now.getTime())) continue;
    if (mine.some((d) => d.status === "pending")) return ONBOARDING_SAID.waiting(kind);
    const expired = mine.filter((d) => d.status === "approved").sort((a, b) => b.expiresAt.getTime() - a.expiresAt.getTime())[0];
    return expired ? ONBOARDING_SAID.expired(kind, expired.expiresOn) : ONBOARDING_SAID.missing(kind, profile.vehicle);
  }
  return null;
}

/** A document in the courier's answers (GET /api/courier/onboarding). */
export type CourierDocumentJson = {
  id: number;
  kind: DocumentKind;
  status: DocumentStatus;
  expiresOn: string;
  /** The review's reason (asked again, refused), shown to the courier. */
  reason: string | null;
  /** Approved and within its last EXPIRY_WARNING_DAYS days. */
  expiresSoon: boolean;
  expired: boolean;
  uploadedAt: string;
};

export type OnboardingJson = {
  vehicle: Vehicle;
  speedKmh: number;
  needsDocuments: boolean;
  backgroundCheck: { status: CheckStatus; provider: string };
  documents: CourierDocumentJson[];
  /** Why the courier may not go on shift for their documents or check, or null. */
  blocked: string | null;
};

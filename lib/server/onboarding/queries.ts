import "server-only";
import { MOTOR_VEHICLES, DOCUMENT_KINDS } from "@/lib/shared/delivery/courier-onboarding";

// Onboarding's SQL fragments for the dispatch's courier reads (lib/server/dispatch/queries/couriers.ts,
// offer.ts), over the courier's state row `s`.

const approvedIn = (kind: string) =>
  `NOT EXISTS (SELECT 1 FROM "CourierDocument" AS cd WHERE cd."userId" = cp."userId" AND cd."kind" = '${kind}' AND cd."status" = 'approved' AND cd."expiresAt" > ?)`;

/**
 * Who may be offered jobs for their documents (lib/shared/delivery/courier-onboarding.ts documentsBlock,
 * the same rule): no onboarding, or a clear background check and, for a motor vehicle, each
 * document approved and not expired at the parameter's instant. Its parameters: `documentsClearParams(now)`.
 * Read at each offer, so a document stops counting the moment it expires, whatever the sweep's hour.
 */
export const DOCUMENTS_CLEAR = ` AND NOT EXISTS (SELECT 1 FROM "CourierProfile" AS cp WHERE cp."userId" = s."userId" AND (cp."checkStatus" <> 'clear'
      OR (cp."vehicle" IN (${MOTOR_VEHICLES.map((v) => `'${v}'`).join(", ")}) AND (${DOCUMENT_KINDS.map(approvedIn).join(" OR ")}))))`;
export const documentsClearParams = (now: Date) => DOCUMENT_KINDS.map(() => now);

/** The courier's vehicle (null: no onboarding, a bike), as a column of a read over `s`. */
export const VEHICLE_COLUMN = `(SELECT cp."vehicle" FROM "CourierProfile" AS cp WHERE cp."userId" = s."userId") AS "vehicle"`;

import { z } from "zod";
import type { ReasonKey, StopStep } from "@/lib/shared/words/stored-texts";

// The API's response shapes (the contract's JSON), one zod schema each, one file per resource
// (lib/contract/<resource>/schemas.ts); this file holds what they all use. The data layer's
// mappers (`userToJson`, `orderToJson`, ...) return these types, the OpenAPI document at
// /api/openapi.json is generated from them (lib/contract/openapi.ts), and the Playwright API
// tests validate every answer against that document (e2e/support/contract.ts). Change a
// response in its schema first: the mapper stops compiling until it matches.

/** A database text column holding one of `values`: typed as the column (string), documented and validated as the enum. */
export const stored = (values: readonly string[], description?: string) =>
  z
    .string()
    .refine((value) => values.includes(value), `one of ${values.join(", ")}`)
    .meta({ enum: [...values], ...(description ? { description } : {}) });

export const id = z.number().int().positive();

/** A stored reason (lib/shared/words/stored-texts.ts): the catalogue's key, the owner's note as typed, a failed delivery's reason's key. */
const reasonKey = z.string() as unknown as z.ZodType<ReasonKey>;
export const storedReason = z.object({ key: reasonKey, values: z.object({ note: z.string().optional(), reason: reasonKey.optional() }).optional() });
/** A delivery's flags (lib/shared/words/stored-texts.ts StoredFlag): the catalogue's key (server.storedTexts.flags) and its values, metres. */
const stopStep = z.enum(["arrived", "picked_up", "delivered"]) satisfies z.ZodType<StopStep>;
export const storedFlags = z
  .array(
    z.union([
      z.object({ key: z.literal("noPosition"), values: z.object({ step: stopStep }) }),
      z.object({ key: z.literal("away"), values: z.object({ step: stopStep, distance: z.number().int(), accuracy: z.number().int() }) }),
    ]),
  )
  .meta({ description: "`flagReason` as the catalogue's keys (server.storedTexts.flags) and their values (metres), for a screen to write in its reader's language" });
export const instant = z.iso.datetime().meta({ description: "ISO 8601 instant (UTC)" });
/** Money in JSON: a number of dollars with at most two decimals, never a string (stored as integer cents). */
export const money = z.number().meta({ description: "Dollars, at most two decimals" });

export const errorSchema = z.object({
  message: z.string(),
  nextSlot: instant.nullable().optional().meta({
    description:
      'A full kitchen\'s 409 at checkout (docs/architecture/kitchen.md "Capacity"): the first slot with room, to schedule the order for; null when the week has none',
  }),
  errors: z.record(z.string(), z.string()).optional().meta({ description: "The fields at fault: { field: message }" }),
  place: z
    .object({ lat: z.number(), lng: z.number(), precision: z.enum(["rooftop", "street", "zip"]) })
    .optional()
    .meta({
      description:
        "An address book save's 422 naming lat (docs/architecture/places.md \"The geocoder\"): the geocoder found only the ZIP's centre, this point, where to open the map for the pin",
    }),
  payment: z
    .object({
      state: z.enum(["failed", "requires_action"]),
      code: z.string().nullable().optional(),
      intentId: z.string().optional(),
      challengeUrl: z.string().nullable().optional(),
      clientSecret: z
        .string()
        .optional()
        .meta({ description: "With Stripe: the PaymentIntent's client secret, for Stripe.js's handleNextAction in the page (in place of the challenge page)" }),
    })
    .optional()
    .meta({
      description:
        "A card payment's 402 (docs/architecture/payments.md): declined (its code), or a 3-D Secure challenge: the page to send the customer to, and the intent to send back",
    }),
});

export const messageSchema = z.object({ message: z.string() });
export const deletedSchema = z.object({ message: z.string(), id });

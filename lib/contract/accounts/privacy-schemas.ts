import { z } from "zod";
import { COURIER_RATING_REASON_VALUES } from "@/lib/shared/delivery/courier-rating";
import { CHECK_STATUSES, DOCUMENT_KINDS, DOCUMENT_STATUSES, VEHICLES } from "@/lib/shared/delivery/courier-onboarding";
import { dataExportSchema } from "./data-schemas";
import { addressSchema } from "../addresses/schemas";

// The data export with the account's message threads (docs/architecture/customer-data.md).

const id = z.number().int().positive();

/** One message of a thread the account took part in, as a customer or as a courier. */
export const exportedMessageSchema = z.object({
  orderId: id,
  sender: z.enum(["customer", "courier"]),
  mine: z.boolean().meta({ description: "The account sent it" }),
  body: z.string().meta({ description: '"Message removed" when its sender closed their account' }),
  at: z.iso.datetime(),
});

/** A courier rating the account gave. */
export const exportedCourierRatingSchema = z.object({
  orderId: id,
  thumbs: z.enum(["up", "down"]),
  reason: z.enum(COURIER_RATING_REASON_VALUES).nullable(),
  note: z.string().nullable(),
  at: z.iso.datetime().meta({ description: "When it was given or last changed" }),
});

/** A courier's onboarding (docs/architecture/courier-onboarding.md): the vehicle, the check's answer, the documents (never their photos). */
export const exportedCourierOnboardingSchema = z.object({
  vehicle: z.enum(VEHICLES),
  backgroundCheck: z.enum(CHECK_STATUSES),
  documents: z.array(
    z.object({ kind: z.enum(DOCUMENT_KINDS), status: z.enum(DOCUMENT_STATUSES), expiresOn: z.string(), reason: z.string().nullable(), uploadedAt: z.iso.datetime() }),
  ),
});

/** A restaurant the account marked as a favourite. */
export const exportedFavouriteRestaurantSchema = z.object({ restaurantId: id, name: z.string(), favouredAt: z.iso.datetime() });

/** A saved card as the provider reported it: never its number, only the brand, last four and expiry. */
export const exportedCardSchema = z.object({
  brand: z.string(),
  last4: z.string().meta({ description: "The last four digits: the full number is never held" }),
  expMonth: z.number().int(),
  expYear: z.number().int(),
  isDefault: z.boolean(),
  addedAt: z.iso.datetime(),
});

/** A passkey of the account: its name and when it was added and last used (never its key). */
export const exportedPasskeySchema = z.object({ name: z.string(), createdAt: z.iso.datetime(), lastUsedAt: z.iso.datetime().nullable() });

/** A restaurant team the account belongs to, or an invitation to one still waiting for its email address. */
export const exportedTeamMembershipSchema = z.object({ restaurantId: id, restaurantName: z.string(), role: z.enum(["manager", "staff"]), since: z.iso.datetime() });
export const exportedInvitationSchema = z.object({
  restaurantId: id,
  restaurantName: z.string(),
  role: z.enum(["manager", "staff"]),
  sentAt: z.iso.datetime(),
  expiresAt: z.iso.datetime(),
});

export const accountExportSchema = dataExportSchema.extend({
  addresses: z.array(addressSchema).meta({ description: "The address book: the default first, then oldest first" }),
  favouriteRestaurants: z.array(exportedFavouriteRestaurantSchema).meta({ description: "The restaurants marked as favourites, by restaurant id" }),
  messages: z
    .array(exportedMessageSchema)
    .meta({ description: "Every message of the threads the account took part in (its orders' and, as a courier, its deliveries'), oldest first" }),
  courierRatings: z.array(exportedCourierRatingSchema).meta({ description: "The couriers the account rated, with its own words" }),
  courierOnboarding: exportedCourierOnboardingSchema
    .nullable()
    .meta({ description: "As a courier applicant or courier: the vehicle, the background check's answer, the documents and their reviews; null without" }),
  savedCards: z.array(exportedCardSchema).meta({ description: "The saved cards, oldest first: brand, last four and expiry" }),
  passkeys: z.array(exportedPasskeySchema).meta({ description: "The account's passkeys, oldest first" }),
  teamMemberships: z.array(exportedTeamMembershipSchema).meta({ description: "The restaurant teams the account belongs to" }),
  invitations: z.array(exportedInvitationSchema).meta({ description: "Team invitations sent to the account's email address and still waiting (not used, not expired)" }),
});
export type AccountExportJson = z.infer<typeof accountExportSchema>;

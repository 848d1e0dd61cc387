import type { z } from "zod";

// Shared by the validation tests (*.test.ts next to this file); no app code imports it.

/** A complete, valid body of the owner's restaurant form (no closingTime: the schema defaults it). */
export const restaurantForm = {
  name: "Lantern Noodle House",
  description: "Hand-pulled noodles and slow broths, made every morning.",
  address: "742 Evergreen Terrace",
  city: "Winston-Salem",
  state: "NC",
  zip: "27101",
  cuisineType: "Chinese",
  priceLevel: "MODERATE",
  deliveryFee: 2.99,
  deliveryTime: 35,
  businessHours: "11:00 AM - 10:00 PM",
  storeImage: "https://example.com/lantern.jpg",
};

/** The first message `schema` gives for `field` when `body` carries `value` there; undefined when the field passes. */
export function errorFor(schema: z.ZodType, body: Record<string, unknown>, field: string, value: unknown): string | undefined {
  const result = schema.safeParse({ ...body, [field]: value });
  return result.success ? undefined : result.error.issues.find((issue) => issue.path[0] === field)?.message;
}

import { z } from "zod";
import { CUISINES, PRICE_LEVELS, RESTAURANT_DEFAULT_CLOSING } from "@/lib/shared/constants";
import { dollarsInput, freeText, issuesByField, numberInput, requiredText } from "./fields";
import { restaurantFormToBody, type FieldErrors, type RestaurantFormValues } from "./form-values";
import { isImageLocation } from "./image-url";

export { REQUIRED_RESTAURANT_FIELDS, restaurantFormToBody, type RestaurantFormValues } from "./form-values";

// The restaurant form, shared by restaurants/new, restaurants/{id}/update,
// POST /api/restaurants/ and PUT /api/manage/{id}. Money arrives in dollars, leaves in cents.

export const RESTAURANT_MESSAGES = {
  nameRequired: "Name is required",
  nameLength: "Name must be between 2 and 50 characters",
  descriptionRequired: "Description is required",
  descriptionLength: "Description must be between 10 and 500 characters",
  addressRequired: "Address is required",
  addressLength: "Address must be at least 5 characters",
  addressNumber: "Address must start with a street number",
  addressLong: "Address must be at most 120 characters",
  cityRequired: "City is required",
  city: "City can only contain letters, spaces and hyphens",
  stateRequired: "State is required",
  state: "State must be two uppercase letters, like CA",
  zipRequired: "Zip code is required",
  zip: "Zip code must be 5 digits",
  feeRequired: "Delivery fee is required",
  feeNumber: "Delivery fee must be a number",
  feeNegative: "Delivery fee cannot be negative",
  feeMax: "Delivery fee must be at most $100",
  feeDecimals: "Delivery fee can have at most two decimals",
  timeRequired: "Delivery time is required",
  time: "Delivery time must be a whole number of minutes from 1 to 180",
  hoursRequired: "Business hours are required",
  hours: "Business hours must include a time with ':', like 11:00 AM - 10:00 PM",
  imageRequired: "Store image is required",
  image: "Store image must be a valid URL",
  cuisine: "Choose a cuisine from the list",
  priceLevel: "Choose a price level from the list",
  closingTime: "Closing time must be HH:MM on a 24-hour clock",
} as const;
const M = RESTAURANT_MESSAGES;

const fields = {
  name: requiredText("Name", M.nameRequired).min(2, M.nameLength).max(50, M.nameLength),
  description: requiredText("Description", M.descriptionRequired, { multiline: true }).min(10, M.descriptionLength).max(500, M.descriptionLength),
  address: requiredText("Address", M.addressRequired).min(5, M.addressLength).max(120, M.addressLong).regex(/^\d/, M.addressNumber),
  city: requiredText("City", M.cityRequired)
    .max(60, M.city)
    .regex(/^[A-Za-z][A-Za-z\s-]*$/, M.city),
  state: requiredText("State", M.stateRequired).regex(/^[A-Z]{2}$/, M.state),
  zip: requiredText("Zip code", M.zipRequired).regex(/^\d{5}$/, M.zip),
  cuisineType: z.enum(CUISINES, { error: M.cuisine }),
  priceLevel: z.enum(PRICE_LEVELS, { error: M.priceLevel }),
  deliveryFee: dollarsInput(numberInput(M.feeRequired, M.feeNumber).min(0, M.feeNegative).max(100, M.feeMax), M.feeDecimals),
  deliveryTime: numberInput(M.timeRequired, M.time).int(M.time).min(1, M.time).max(180, M.time),
  businessHours: requiredText("Business hours", M.hoursRequired)
    .max(100, "Business hours must be at most 100 characters")
    .refine((v) => v.includes(":"), M.hours),
  storeImage: requiredText("Store image", M.imageRequired).max(500, M.image).refine(isImageLocation, M.image),
  closingTime: freeText("Closing time", { required: M.closingTime }).regex(/^([01]\d|2[0-3]):[0-5]\d$/, M.closingTime),
};

/** Column names: the fee in cents. Owner, servicing and rating are never taken from a body. */
function toColumns<T extends { deliveryFee?: number }>({ deliveryFee, ...rest }: T) {
  return { ...rest, ...(deliveryFee === undefined ? {} : { deliveryFeeCents: deliveryFee }) };
}

/** POST /api/restaurants/: every field but the closing time (default 22:00) is required. */
export const restaurantCreateSchema = z
  .object({ ...fields, closingTime: fields.closingTime.optional().default(RESTAURANT_DEFAULT_CLOSING) })
  .transform((body) => toColumns(body) as Omit<typeof body, "deliveryFee"> & { deliveryFeeCents: number });
export type RestaurantCreate = z.output<typeof restaurantCreateSchema>;

/** PUT /api/manage/{id}: the fields sent are checked by the same rules; absent ones stay. */
export const restaurantUpdateSchema = z.object(fields).partial().transform(toColumns);
export type RestaurantUpdate = z.output<typeof restaurantUpdateSchema>;

/** The form's live errors by field, from the very rules the server applies. */
export function restaurantFormErrors(values: RestaurantFormValues): FieldErrors {
  return issuesByField(restaurantCreateSchema, restaurantFormToBody(values));
}

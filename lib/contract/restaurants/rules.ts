import { z } from "zod";
import { CUISINES, PRICE_LEVELS, RESTAURANT_DEFAULT_CLOSING } from "@/lib/shared/constants";
import {
  ALL_DAY,
  DEFAULT_RESTAURANT_TIME_ZONE,
  isTimeOfDay,
  isTimeZone,
  localDateKey,
  MAX_CLOSURES,
  MAX_INTERVALS_PER_DAY,
  minutesOf,
  WEEKDAYS,
  type Weekday,
  type WeeklyHours,
} from "@/lib/shared/time/opening-hours";
import { DEFAULT_DELIVERY_RADIUS_KM, MAX_DELIVERY_RADIUS_KM, MIN_DELIVERY_RADIUS_KM } from "@/lib/shared/delivery/delivery";
import { BUSINESS_HOURS_MAX, businessHoursText } from "@/lib/shared/time/hours-text";
// The stored businessHours is the API's English: this one line of the catalogue, not all of it (the form loads these rules).
import lines from "@/lib/i18n/areas/lines.en.json";
import { dollarsInput, freeText, issuesByField, numberInput, requiredText } from "../common/field-rules";
import { restaurantFormToBody, type FieldErrors, type RestaurantFormValues, type RuleWords } from "../zod-free/form-values";
import { isImageLocation } from "../common/image-url-rules";
import { said, word } from "@/lib/shared/words/said";

export { REQUIRED_RESTAURANT_FIELDS, restaurantFormToBody, type RestaurantFormValues } from "../zod-free/form-values";

// The restaurant form, shared by restaurants/new, restaurants/{id}/update,
// POST /api/restaurants/ and PUT /api/manage/{id}. Money arrives in dollars, leaves in cents.
// The weekly schedule (`hours`) is the one source of the hours (docs/architecture/time-zones.md "Opening
// hours"): `businessHours` and `closingTime` are written from it. A client may still send
// `businessHours` text: it is checked by the spec's rule (required on a create that sends no
// `hours`; containing ':') and then ignored, the stored text being the schedule's.

const DAY_WORDS = { mon: "monday", tue: "tuesday", wed: "wednesday", thu: "thursday", fri: "friday", sat: "saturday", sun: "sunday" } as const;

export const RESTAURANT_SAID = {
  nameRequired: said("messages.nameRequired"),
  nameLength: said("rules.restaurant.nameLength"),
  descriptionRequired: said("messages.descriptionRequired"),
  descriptionLength: said("rules.restaurant.descriptionLength"),
  addressRequired: said("messages.addressRequired"),
  addressLength: said("rules.restaurant.addressLength"),
  addressNumber: said("rules.restaurant.addressNumber"),
  addressLong: said("rules.common.atMost", { field: word("address"), count: 120 }),
  cityRequired: said("messages.cityRequired"),
  city: said("rules.restaurant.city"),
  stateRequired: said("messages.stateRequired"),
  state: said("rules.restaurant.state"),
  zipRequired: said("messages.required", { label: word("zip") }),
  zip: said("rules.restaurant.zip"),
  feeRequired: said("messages.required", { label: word("deliveryFee") }),
  feeNumber: said("rules.common.number", { field: word("deliveryFee") }),
  feeNegative: said("rules.restaurant.feeNegative"),
  feeMax: said("rules.restaurant.feeMax"),
  feeDecimals: said("rules.restaurant.feeDecimals"),
  timeRequired: said("messages.required", { label: word("deliveryTime") }),
  radiusRequired: said("messages.required", { label: word("deliveryRadius") }),
  radius: said("rules.restaurant.radius", { min: MIN_DELIVERY_RADIUS_KM, max: MAX_DELIVERY_RADIUS_KM }),
  time: said("rules.restaurant.time"),
  hoursRequired: said("rules.restaurant.hoursRequired"),
  hours: said("rules.restaurant.hours"),
  hoursLong: said("rules.common.atMost", { field: word("businessHours"), count: BUSINESS_HOURS_MAX }),
  imageRequired: said("messages.required", { label: word("storeImage") }),
  image: said("rules.restaurant.image"),
  cuisine: said("rules.restaurant.cuisine"),
  priceLevel: said("rules.restaurant.priceLevel"),
  closingTime: said("rules.restaurant.closingTime"),
  timeZone: said("rules.restaurant.timeZone"),
  hoursShape: said("rules.restaurant.hoursShape"),
  openTime: said("rules.restaurant.openTime"),
  closeTime: said("rules.restaurant.closeTime"),
  sameTimes: said("rules.restaurant.sameTimes"),
  tooManyIntervals: said("rules.restaurant.intervals", { max: MAX_INTERVALS_PER_DAY }),
  overlap: (day: Weekday) => said("rules.restaurant.overlap", { day: word(DAY_WORDS[day]) }),
  closuresShape: said("rules.restaurant.closures"),
  tooManyClosures: said("rules.restaurant.closuresMax", { max: MAX_CLOSURES }),
  date: said("rules.restaurant.date"),
  closureOrder: said("rules.restaurant.order"),
  closurePast: said("rules.restaurant.over"),
} as const;
const M = RESTAURANT_SAID;

const fields = {
  name: requiredText(word("name"), M.nameRequired).min(2, M.nameLength).max(50, M.nameLength),
  description: requiredText(word("description"), M.descriptionRequired, { multiline: true }).min(10, M.descriptionLength).max(500, M.descriptionLength),
  address: requiredText(word("address"), M.addressRequired).min(5, M.addressLength).max(120, M.addressLong).regex(/^\d/, M.addressNumber),
  city: requiredText(word("city"), M.cityRequired)
    .max(60, M.city)
    .regex(/^[A-Za-z][A-Za-z\s-]*$/, M.city),
  state: requiredText(word("state"), M.stateRequired).regex(/^[A-Z]{2}$/, M.state),
  zip: requiredText(word("zip"), M.zipRequired).regex(/^\d{5}$/, M.zip),
  cuisineType: z.enum(CUISINES, { error: M.cuisine }),
  priceLevel: z.enum(PRICE_LEVELS, { error: M.priceLevel }),
  deliveryFee: dollarsInput(numberInput(M.feeRequired, M.feeNumber).min(0, M.feeNegative).max(100, M.feeMax), M.feeDecimals),
  deliveryTime: numberInput(M.timeRequired, M.time).int(M.time).min(1, M.time).max(180, M.time),
  // How far it delivers (docs/architecture/places.md "Delivery radius"), in km, to 0.1 km.
  deliveryRadiusKm: numberInput(M.radiusRequired, M.radius)
    .min(MIN_DELIVERY_RADIUS_KM, M.radius)
    .max(MAX_DELIVERY_RADIUS_KM, M.radius)
    .transform((km) => Math.round(km * 10) / 10),
  businessHours: requiredText(word("businessHours"), M.hoursRequired)
    .max(BUSINESS_HOURS_MAX, M.hoursLong)
    .refine((v) => v.includes(":"), M.hours),
  storeImage: requiredText(word("storeImage"), M.imageRequired).max(500, M.image).refine(isImageLocation, M.image),
  closingTime: freeText(word("closingTime"), { required: M.closingTime }).regex(/^([01]\d|2[0-3]):[0-5]\d$/, M.closingTime),
};

const interval = z.object(
  {
    open: z.string({ error: M.openTime }).refine((v) => isTimeOfDay(v), M.openTime),
    close: z.string({ error: M.closeTime }).refine((v) => isTimeOfDay(v, { close: true }), M.closeTime),
  },
  { error: M.hoursShape },
);

/** One weekday: closed ([]) or one or two intervals; close < open runs past midnight; intervals may not overlap. */
const dayHours = (day: Weekday) =>
  z
    .array(interval, { error: M.hoursShape })
    .max(MAX_INTERVALS_PER_DAY, M.tooManyIntervals)
    .superRefine((intervals, ctx) => {
      const ranges = intervals.map(({ open, close }, index) => {
        const start = minutesOf(open);
        const end = minutesOf(close);
        if (start === end) ctx.addIssue({ code: "custom", message: M.sameTimes, path: [index, "close"] });
        return { start, end: end <= start ? end + 1440 : end, index };
      });
      for (let i = 1; i < ranges.length; i++) {
        for (let j = 0; j < i; j++) {
          if (ranges[i]!.start < ranges[j]!.end && ranges[j]!.start < ranges[i]!.end) ctx.addIssue({ code: "custom", message: M.overlap(day), path: [i, "open"] });
        }
      }
    });

export const weeklyHoursSchema = z.object(Object.fromEntries(WEEKDAYS.map((day) => [day, dayHours(day)])) as Record<Weekday, ReturnType<typeof dayHours>>, {
  error: M.hoursShape,
});

const isoDate = z
  .string({ error: M.date })
  .regex(/^\d{4}-\d{2}-\d{2}$/, M.date)
  .refine((v) => {
    const d = new Date(`${v}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(v);
  }, M.date);

/**
 * Holiday closures, dates in the restaurant's zone. "Not in the past" is judged by the date at
 * the far west of the date line (UTC-12), so it holds in every zone: a closure for the
 * restaurant's today is never refused, whatever its zone.
 */
export const closuresSchema = z
  .array(z.object({ from: isoDate, to: isoDate }, { error: M.closuresShape }), { error: M.closuresShape })
  .max(MAX_CLOSURES, M.tooManyClosures)
  .superRefine((closures, ctx) => {
    const today = localDateKey(new Date(), "Etc/GMT+12");
    closures.forEach(({ from, to }, index) => {
      if (to < from) ctx.addIssue({ code: "custom", message: M.closureOrder, path: [index, "to"] });
      else if (to < today) ctx.addIssue({ code: "custom", message: M.closurePast, path: [index, "to"] });
    });
  });

const openingFields = {
  timeZone: z.string({ error: M.timeZone }).refine(isTimeZone, M.timeZone),
  hours: weeklyHoursSchema,
  closures: closuresSchema,
};

/**
 * Column names: the fee in cents; the schedule and closures as JSON text, with the schedule's
 * businessHours text (a sent businessHours is dropped). Owner, servicing and rating are never
 * taken from a body.
 */
function toColumns<T extends { deliveryFee?: number; hours?: WeeklyHours; closures?: unknown; businessHours?: string }>({
  deliveryFee,
  hours,
  closures,
  businessHours: _derivedInstead,
  ...rest
}: T) {
  return {
    ...rest,
    ...(deliveryFee === undefined ? {} : { deliveryFeeCents: deliveryFee }),
    ...(hours === undefined ? {} : { hours: JSON.stringify(hours), businessHours: businessHoursText(hours, lines.hours.closedWeek) }),
    ...(closures === undefined ? {} : { closures: JSON.stringify(closures) }),
  };
}

/** The spec's "business hours required", for a client that sends no schedule (checked even when other fields fail, so every error shows). */
const hoursOrText = {
  path: ["businessHours"],
  message: M.hoursRequired,
  when: (payload: { value: unknown }) => typeof payload.value === "object" && payload.value !== null,
};

/**
 * POST /api/restaurants/: every field but the closing time (default 22:00, kept only as the
 * fallback of an unreadable schedule) and the opening hours is required; businessHours only when
 * no `hours` are sent. Without hours a restaurant is open around the clock (whenever it takes
 * orders, as before restaurants had hours), in America/Los_Angeles, with no closures.
 */
export const restaurantCreateSchema = z
  .object({
    ...fields,
    businessHours: fields.businessHours.optional(),
    closingTime: fields.closingTime.optional().default(RESTAURANT_DEFAULT_CLOSING),
    deliveryRadiusKm: fields.deliveryRadiusKm.optional().default(DEFAULT_DELIVERY_RADIUS_KM),
    timeZone: openingFields.timeZone.optional().default(DEFAULT_RESTAURANT_TIME_ZONE),
    hours: openingFields.hours.optional(),
    closures: openingFields.closures.optional().default([]),
  })
  .refine((body) => body.hours !== undefined || body.businessHours !== undefined, hoursOrText)
  .transform(
    ({ hours = ALL_DAY, ...body }) =>
      toColumns({ ...body, hours }) as Omit<typeof body, "deliveryFee" | "closures" | "businessHours"> & {
        deliveryFeeCents: number;
        hours: string;
        closures: string;
        businessHours: string;
      },
  );
export type RestaurantCreate = z.output<typeof restaurantCreateSchema>;

/** PUT /api/manage/{id}: the fields sent are checked by the same rules; absent ones stay (businessHours follows `hours`). */
export const restaurantUpdateSchema = z
  .object({ ...fields, ...openingFields })
  .partial()
  .transform(
    (body) =>
      toColumns(body) as Omit<typeof body, "deliveryFee" | "hours" | "closures" | "businessHours"> & {
        deliveryFeeCents?: number;
        hours?: string;
        closures?: string;
        businessHours?: string;
      },
  );
export type RestaurantUpdate = z.output<typeof restaurantUpdateSchema>;

const { businessHours: _text, closingTime: _closing, ...formFields } = fields;
/** What the form checks live: its text fields (the hours are the schedule editor's, openingHoursErrors). */
const restaurantFormSchema = z.object(formFields);

/** The form's live errors by field, from the very rules the server applies. */
export function restaurantFormErrors(values: RestaurantFormValues, words?: RuleWords): FieldErrors {
  return issuesByField(restaurantFormSchema, restaurantFormToBody(values), words);
}

const openingSchema = z.object(openingFields);

/** The hours editor's live errors, keyed like the server's ("hours.mon.1.close", "closures.0.to", "timeZone"). */
export function openingHoursErrors(draft: { timeZone: string; hours: unknown; closures: unknown }, words?: RuleWords): FieldErrors {
  const result = openingSchema.safeParse(draft);
  const errors: FieldErrors = {};
  if (!result.success) for (const issue of result.error.issues) errors[issue.path.map(String).join(".")] ??= words?.[issue.message] ?? issue.message;
  return errors;
}

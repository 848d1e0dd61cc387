import { z } from "zod";
import { dollarsToCents } from "@/lib/shared/money/money";
import { PROMO_CODE_PATTERN, PROMOTION_KINDS } from "@/lib/shared/money/promotions";
import { isOfferKind } from "@/lib/shared/money/offers";
import { CLOCK_TIME } from "@/lib/shared/time/section-window";
import { said } from "@/lib/shared/words/said";

// A promotion as its owner sends it (POST /api/manage/{restaurantId}/promotions, and PUT
// .../promotions/{id}, which replaces every field): money in dollars, turned into cents here.
// The owner's form (components/owner/promotions/) shows these messages beside its fields.

export const PROMOTION_FORM_SAID = {
  code: said("rules.promotions.code"),
  kind: said("rules.promotions.kind"),
  percent: said("rules.promotions.percent"),
  amount: said("rules.promotions.amount"),
  maxDiscount: said("rules.promotions.maxDiscount"),
  minSubtotal: said("rules.promotions.minSubtotal"),
  date: said("rules.promotions.date"),
  endsBeforeStart: said("rules.promotions.endAfterStart"),
  firstOrderOnly: said("rules.common.trueOrFalse", { field: "firstOrderOnly" }),
  perCustomerLimit: said("rules.promotions.perCustomer"),
  totalLimit: said("rules.promotions.total"),
  duplicateCode: said("messages.promoExists"),
  dish: said("rules.promotions.dish"),
  section: said("rules.promotions.section"),
  window: (field: string) => said("rules.common.time", { field }),
  windowBoth: said("rules.promotions.windowBoth"),
  windowOrder: said("rules.promotions.windowOrder"),
  offerCode: said("rules.promotions.offerCode"),
  basket: said("rules.promotions.basket"),
  stacks: said("rules.common.trueOrFalse", { field: "stacksWithCode" }),
} as const;
const M = PROMOTION_FORM_SAID;

/** Dollars (a number or numeric string) to cents in (min, max]; null and "" are absent. */
const money = (message: string, min: number, max: number, allowZero = false) =>
  z
    .union([z.number(), z.string(), z.null()], { error: message })
    .optional()
    .transform((value, ctx) => {
      if (value === undefined || value === null || value === "") return null;
      const cents = dollarsToCents(value);
      if (cents === null || (allowZero ? cents < min : cents <= min) || cents > max) {
        ctx.addIssue({ code: "custom", message });
        return z.NEVER;
      }
      return cents;
    });

const when = z
  .union([z.iso.datetime({ offset: true, error: M.date }), z.null(), z.literal("")], { error: M.date })
  .optional()
  .transform((value) => (value ? new Date(value) : null));

const wholeNumber = (message: string, min: number, max: number) => z.number({ error: message }).int(message).min(min, message).max(max, message);

/** A dish's or section's id, or none. */
const optionalId = (message: string) =>
  z
    .union([z.number().int().positive(), z.null()], { error: message })
    .optional()
    .transform((value) => value ?? null);
/** A daily window's end, "HH:MM" in the restaurant's zone, or none. */
const clock = (field: string) =>
  z
    .union([z.string().regex(CLOCK_TIME), z.null(), z.literal("")], { error: M.window(field) })
    .optional()
    .transform((value) => value || null);

export const promotionInputSchema = z
  .object({
    code: z
      .union([z.string(), z.null()], { error: M.code })
      .optional()
      .transform((value, ctx) => {
        const trimmed = (value ?? "").trim();
        if (trimmed === "") return null;
        if (!PROMO_CODE_PATTERN.test(trimmed)) {
          ctx.addIssue({ code: "custom", message: M.code });
          return z.NEVER;
        }
        return trimmed;
      }),
    kind: z.enum(PROMOTION_KINDS, { error: M.kind }),
    /** percent: whole percent 1-100; amount: dollars; free_delivery: ignored. */
    value: z.union([z.number(), z.string(), z.null()]).optional(),
    maxDiscount: money(M.maxDiscount, 0, 100_000),
    minSubtotal: money(M.minSubtotal, 0, 1_000_000, true),
    startsAt: when,
    endsAt: when,
    firstOrderOnly: z.boolean({ error: M.firstOrderOnly }).optional().default(false),
    /** null: no limit; left out: none for an automatic offer, 1 for a code. */
    perCustomerLimit: z.union([wholeNumber(M.perCustomerLimit, 1, 100), z.null()], { error: M.perCustomerLimit }).optional(),
    totalLimit: z
      .union([wholeNumber(M.totalLimit, 1, 1_000_000), z.null()], { error: M.totalLimit })
      .optional()
      .transform((value) => value ?? null),
    /** bogo: the dish bought and given; free_item: the dish given free (one of the restaurant's: the server checks). */
    dishId: optionalId(M.dish),
    /** section_percent: the section its percent comes off. */
    sectionId: optionalId(M.section),
    /** section_percent: an optional daily window in the restaurant's zone, both or neither, the end after the start. */
    windowFrom: clock("windowFrom"),
    windowUntil: clock("windowUntil"),
    /** An automatic offer that also applies beside a code (otherwise a code wins). */
    stacksWithCode: z.boolean({ error: M.stacks }).optional().default(false),
  })
  .transform((body, ctx) => {
    let value = 0;
    if (body.kind === "percent" || body.kind === "section_percent") {
      const n = typeof body.value === "string" && body.value.trim() !== "" ? Number(body.value) : body.value;
      if (typeof n !== "number" || !Number.isInteger(n) || n < 1 || n > 100) ctx.addIssue({ code: "custom", path: ["value"], message: M.percent });
      else value = n;
    } else if (body.kind === "amount") {
      const cents = body.value === null || body.value === undefined || body.value === "" ? null : dollarsToCents(body.value);
      if (cents === null || cents <= 0 || cents > 100_000) ctx.addIssue({ code: "custom", path: ["value"], message: M.amount });
      else value = cents;
    }
    if (body.startsAt && body.endsAt && body.endsAt <= body.startsAt) ctx.addIssue({ code: "custom", path: ["endsAt"], message: M.endsBeforeStart });
    offerIssues(body, ctx);
    const { maxDiscount, minSubtotal, perCustomerLimit, ...rest } = body;
    return {
      ...rest,
      perCustomerLimit: perCustomerLimit === undefined ? (body.code === null ? null : 1) : perCustomerLimit,
      value,
      maxDiscountCents: body.kind === "free_delivery" ? null : maxDiscount,
      minSubtotalCents: minSubtotal ?? 0,
      // What only an offer's kind uses (docs/architecture/promotions.md "Offers").
      dishId: body.kind === "bogo" || body.kind === "free_item" ? body.dishId : null,
      sectionId: body.kind === "section_percent" ? body.sectionId : null,
      windowFrom: body.kind === "section_percent" ? body.windowFrom : null,
      windowUntil: body.kind === "section_percent" ? body.windowUntil : null,
    };
  });

/**
 * An offer's own rules, each beside its field: no code (it applies by itself), its dish or
 * section, a free dish's basket size, and a window with both ends, ending after it starts (no
 * overnight window: two offers cover one).
 */
function offerIssues(
  body: {
    kind: string;
    code: string | null;
    dishId: number | null;
    sectionId: number | null;
    windowFrom: string | null;
    windowUntil: string | null;
    minSubtotal: number | null;
  },
  ctx: z.RefinementCtx,
) {
  if (!isOfferKind(body.kind)) return;
  const issue = (path: string, message: string) => ctx.addIssue({ code: "custom", path: [path], message });
  if (body.code !== null) issue("code", M.offerCode);
  if ((body.kind === "bogo" || body.kind === "free_item") && body.dishId === null) issue("dishId", M.dish);
  if (body.kind === "free_item" && !body.minSubtotal) issue("minSubtotal", M.basket);
  if (body.kind !== "section_percent") return;
  if (body.sectionId === null) issue("sectionId", M.section);
  if ((body.windowFrom === null) !== (body.windowUntil === null)) issue(body.windowFrom === null ? "windowFrom" : "windowUntil", M.windowBoth);
  else if (body.windowFrom !== null && body.windowUntil! <= body.windowFrom) issue("windowUntil", M.windowOrder);
}
export type PromotionInput = z.output<typeof promotionInputSchema>;

/** The code a customer enters at checkout: any text (an impossible one is simply unknown); blank is none. */
export const promoCodeInput = z
  .string({ error: said("messages.notText", { label: "promoCode" }) })
  .max(64, said("rules.common.atMost", { field: "promoCode", count: "64" }))
  .transform((value) => (value.trim() ? value.trim() : undefined))
  .optional();

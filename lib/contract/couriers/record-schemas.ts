import { z } from "zod";
import { RECORD_WINDOW_DAYS } from "@/lib/shared/delivery/courier-record";
import { id, instant, storedReason } from "../common/schemas";

// A courier's record (docs/architecture/courier-screens.md "Record"): what the courier reads of theirs, and
// the operators' appeal queue with each appeal's trail.

const percent = z.number().int().min(0).max(100).nullable();
const count = z.number().int().min(0);
const appealStatus = z.enum(["open", "upheld", "overturned"]);

export const courierAppealSchema = z
  .object({
    id,
    status: appealStatus,
    note: z.string(),
    evidence: z.boolean().meta({ description: "Whether a photo was sent with it" }),
    answerBy: instant.meta({ description: "When Nosh answers by" }),
    answer: z.string().nullable().meta({ description: "Nosh's answer (null while open)" }),
    answeredAt: instant.nullable(),
    createdAt: instant,
  })
  .nullable();

export const courierRecordSchema = z.object({
  status: z.enum(["approved", "suspended"]),
  windowDays: z
    .number()
    .int()
    .meta({ description: `The days every figure and rule counts (${RECORD_WINDOW_DAYS})` }),
  deliveries: count.meta({ description: "Deliveries that ended (delivered or failed) in the window" }),
  acceptance: z.object({ offers: count, accepted: count, percent, note: z.string() }),
  completion: z.object({ finished: count, delivered: count, percent }),
  failed: count,
  late: count,
  thumbsDown: z.object({ count, reasons: z.array(z.object({ reason: z.string(), label: z.string(), count: z.number().int().min(1) })) }),
  rules: z.array(
    z.object({
      key: z.enum(["failed", "late", "thumbs_down"]),
      label: z.string(),
      what: z.string(),
      warning: z.string().meta({ description: 'The warning\'s threshold as the courier reads it ("2 of 5 in 30 days")' }),
      suspension: z.string().meta({ description: "The suspension's threshold (after a warning under the same rule)" }),
      count: count.meta({ description: "Marks against the rule among the last deliveries the warning counts" }),
      of: count,
      warned: z.boolean().meta({ description: "A warning under this rule stands in the window" }),
    }),
  ),
  standings: z.array(
    z.object({
      kind: z.enum(["warning", "suspension"]),
      rule: z.string().nullable(),
      reason: z.string(),
      safety: z.boolean(),
      override: z.string().nullable().meta({ description: "An operator's suspension without a warning and a new fault after it: why (null for every other)" }),
      at: instant,
    }),
  ),
  appeal: courierAppealSchema.meta({ description: "The latest appeal, or null" }),
  timeZone: z.string(),
});
export type CourierRecordJson = z.output<typeof courierRecordSchema>;

export const courierRecordAnswerSchema = z.object({ record: courierRecordSchema });
export const courierAppealAnswerSchema = z.object({ appeal: courierAppealSchema.unwrap() });

export const operatorAppealSchema = z.object({
  id,
  status: appealStatus,
  note: z.string(),
  evidenceUrl: z.string().nullable().meta({ description: "The evidence photo (operators only), or null" }),
  answerBy: instant,
  answer: z.string().nullable(),
  answeredAt: instant.nullable(),
  createdAt: instant,
  courier: z.object({ id, name: z.string() }),
  suspension: z.object({ reason: z.string(), rule: z.string().nullable(), safety: z.boolean(), override: z.string().nullable(), at: instant }).nullable(),
  trail: z.object({
    jobs: z.array(
      z.object({
        id,
        orderId: id,
        state: z.string(),
        assignedAt: instant.nullable(),
        pickedUpAt: instant.nullable(),
        closedAt: instant.nullable(),
        failureReason: z.string().nullable(),
        failure: storedReason.nullable(),
        failureNote: z.string().nullable(),
      }),
    ),
    positions: z.array(z.object({ lat: z.number(), lng: z.number(), at: instant })),
    messages: z.array(z.object({ orderId: id, senderRole: z.string(), body: z.string(), at: instant })),
  }),
  timeZone: z.string(),
});
export type OperatorAppealJson = z.output<typeof operatorAppealSchema>;
export const operatorAppealsPageSchema = z.object({
  items: z.array(operatorAppealSchema),
  hasMore: z.boolean(),
  nextOffset: z.number().int().nullable().meta({ description: "The next page's offset, or null" }),
});

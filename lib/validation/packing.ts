import { z } from "zod";

// Packed and sealed (docs/architecture/problem-reports.md "Packed and sealed"):
// PUT /api/manage/{id}/orders/{orderId}/packing. Each line sent is ticked or unticked; `bags`, the
// bags the order is packed in. What is not sent is kept.

export const PACKING_MESSAGES = {
  orderItemId: "orderItemId must be a positive whole number",
  packed: "packed must be true or false",
  bags: "bags must be a whole number from 1 to 20",
  lines: "lines must be a list of { orderItemId, packed }, at most 100",
  nothing: "Send lines or bags",
} as const;
const M = PACKING_MESSAGES;

export const packingInputSchema = z
  .object({
    lines: z
      .array(
        z.object({
          orderItemId: z.number({ error: M.orderItemId }).int(M.orderItemId).positive(M.orderItemId).max(2_147_483_647, M.orderItemId),
          packed: z.boolean({ error: M.packed }),
        }),
        { error: M.lines },
      )
      .max(100, M.lines)
      .optional(),
    bags: z.number({ error: M.bags }).int(M.bags).min(1, M.bags).max(20, M.bags).optional(),
  })
  .refine((input) => input.lines?.length || input.bags !== undefined, { message: M.nothing, path: ["lines"] });
export type PackingInput = z.output<typeof packingInputSchema>;

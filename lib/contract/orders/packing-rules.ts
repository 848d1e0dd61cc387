import { z } from "zod";
import { said } from "@/lib/shared/words/said";
export const PACKING_SAID = {
  orderItemId: said("rules.common.positiveWhole", { field: "orderItemId" }),
  packed: said("rules.common.trueOrFalse", { field: "packed" }),
  bags: said("rules.common.wholeFrom", { field: "bags", min: "1", max: "20" }),
  lines: said("rules.packing.lines"),
  nothing: said("rules.packing.nothing"),
} as const;
const M = PACKING_SAID;

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

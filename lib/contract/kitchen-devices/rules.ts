// A kitchen tablet's pairing as the tablet sends it (docs/architecture/kitchen.md "A board that lives
// on a tablet"): the code shown on the restaurant's settings page and the tablet's name.
import { z } from "zod";
import { DEVICE_NAME_MAX, normalPairingCode, PAIRING_CODE_LENGTH } from "@/lib/shared/kitchen/devices";
import { requiredText } from "../common/field-rules";
import { said, word } from "@/lib/shared/words/said";

/** POST /api/kitchen/pair: the code in any case, spaces and dashes left out; the name the settings page lists it by. */
export const pairInputSchema = z.object({
  code: z
    .string({ error: said("rules.kitchenDevices.code", { length: PAIRING_CODE_LENGTH }) })
    .max(20, said("rules.kitchenDevices.code", { length: PAIRING_CODE_LENGTH }))
    .transform((typed, context) => {
      const code = normalPairingCode(typed);
      if (code === null) context.addIssue({ code: "custom", message: said("rules.kitchenDevices.code", { length: PAIRING_CODE_LENGTH }) });
      return code ?? "";
    }),
  name: requiredText(word("name"), said("messages.nameRequired"))
    .min(1, said("messages.nameRequired"))
    .max(DEVICE_NAME_MAX, said("messages.atMost", { count: DEVICE_NAME_MAX })),
});
export type PairInput = z.infer<typeof pairInputSchema>;

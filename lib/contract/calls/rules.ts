import { z } from "zod";
import { said } from "@/lib/shared/words/said";
import { e164Of } from "../texts/rules";

// The built-in provider's phone calling or texting a relay number (docs/architecture/text-messages.md
// "Masked calls"): the number it calls from and the relay, each checked by libphonenumber-js and kept
// in E.164; a text's words; how long a connected call lasts (its status callback's CallDuration).

const number = (message: string) =>
  z
    .string(message)
    .max(40, message)
    .transform((typed, context) => {
      const e164 = e164Of(typed);
      if (!e164) context.addIssue({ code: "custom", message });
      return e164 ?? "";
    });

export const devRelaySchema = z
  .object({
    from: number(said("rules.texts.phone")),
    relay: number(said("rules.texts.relay")),
    kind: z.enum(["call", "text"]),
    body: z.string(said("rules.texts.body")).trim().max(500, said("rules.texts.body")).optional(),
    seconds: z.number(said("rules.texts.seconds")).int(said("rules.texts.seconds")).min(0, said("rules.texts.seconds")).max(3600, said("rules.texts.seconds")).optional(),
  })
  .refine((input) => input.kind === "call" || !!input.body, { path: ["body"], message: said("rules.texts.body") });
export type DevRelayInput = z.infer<typeof devRelaySchema>;

import { z } from "zod";
import { TEXT_MOMENTS } from "@/lib/shared/people/texts";

// The text message numbers' answers (docs/architecture/text-messages.md): lib/server/texts/numbers.ts TextNumberJson.

const textNumberSchema = z.object({
  id: z.number().int().positive(),
  phone: z.string().meta({ description: "E.164, e.g. +14155550123" }),
  confirmed: z.boolean().meta({ description: "The code texted to it was entered: it gets texts" }),
  moments: z.array(z.enum(TEXT_MOMENTS)).meta({ description: "The order's moments it is texted for" }),
  quietHours: z
    .object({ start: z.string(), end: z.string() })
    .nullable()
    .meta({ description: "HH:MM in timeZone: a reported problem's news waits; an order under way is texted anyway" }),
  timeZone: z.string(),
});

export const textNumbersSchema = z.object({
  available: z.boolean().meta({ description: "Whether this site sends texts at all (false: production without TEXTS)" }),
  numbers: z.array(textNumberSchema),
});

export const oneTextNumberSchema = z.object({ number: textNumberSchema });

export const callbackAnswerSchema = z.object({ received: z.literal(true), known: z.boolean().meta({ description: "The status named a text Nosh sent" }) });

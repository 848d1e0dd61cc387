import { z } from "zod";
import { MESSAGE_MAX_LENGTH } from "@/lib/shared/delivery/delivery-messages";
import { said } from "@/lib/shared/words/said";
import { requiredText } from "../common/field-rules";

// A message between an order's customer and its courier (docs/architecture/stops-and-messages.md "Messages"):
// trimmed text of 1 to MESSAGE_MAX_LENGTH characters (UTF-16 code units, as `maxlength` counts).
export const messageInputSchema = z.object({
  body: requiredText("body", said("messages.messageEmpty"), { multiline: true }).pipe(
    z.string().max(MESSAGE_MAX_LENGTH, said("rules.common.atMost", { field: "body", count: MESSAGE_MAX_LENGTH })),
  ),
});

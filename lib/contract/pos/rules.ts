// The point-of-sale link's request rules (docs/architecture/kitchen.md "The point of sale").
import { z } from "zod";
import { said } from "@/lib/shared/words/said";
import { idNumber } from "../common/id-rules";

const oauthText = (message: ReturnType<typeof said>) => z.string({ error: message }).trim().min(1, message).max(2048, message);

/** POST /api/pos/{provider}/connect: what the provider sent the seller back with; the restaurant is the state's first part. */
export const posConnectSchema = z.object({
  restaurantId: idNumber("restaurantId"),
  code: oauthText(said("messages.posCode")),
  state: oauthText(said("messages.posStateInvalid")),
});

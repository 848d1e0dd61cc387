import { z } from "zod";
import { ACCOUNT_SAID } from "../zod-free/account-rules";

// Closing one's own account (POST /api/users/{id}/delete): the handler's schema.

export { ACCOUNT_SAID };

/** The password confirms it; guest accounts have none and send none. */
export const deleteAccountSchema = z.object({
  password: z.string({ error: ACCOUNT_SAID.passwordRequired }).max(1024).optional(),
});
export type DeleteAccountInput = z.infer<typeof deleteAccountSchema>;

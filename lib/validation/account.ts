import { z } from "zod";
import { ACCOUNT_MESSAGES } from "./zod-free/account-rules";

// Closing one's own account (POST /api/users/{id}/delete): the handler's schema.

export { ACCOUNT_MESSAGES };

/** The password confirms it; guest accounts have none and send none. */
export const deleteAccountSchema = z.object({
  password: z.string({ error: ACCOUNT_MESSAGES.passwordRequired }).max(1024).optional(),
});
export type DeleteAccountInput = z.infer<typeof deleteAccountSchema>;

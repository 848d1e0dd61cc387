// A restaurant's API key as its owner or a manager creates it (docs/architecture/api-keys.md).
import { z } from "zod";
import { API_KEY_NAME_MAX, API_KEY_SCOPES } from "@/lib/shared/people/api-keys";
import { requiredText } from "../common/field-rules";
import { said, word } from "@/lib/shared/words/said";

/** POST /api/manage/{id}/api-keys. */
export const apiKeyInputSchema = z.object({
  name: requiredText(word("name"), said("messages.nameRequired"))
    .min(1, said("messages.nameRequired"))
    .max(API_KEY_NAME_MAX, said("messages.atMost", { count: API_KEY_NAME_MAX })),
  scopes: z
    .array(z.enum(API_KEY_SCOPES, { error: said("rules.apiKeys.scope", { list: API_KEY_SCOPES.join(", ") }) }), { error: said("rules.apiKeys.scopes") })
    .min(1, said("rules.apiKeys.scopes"))
    .max(API_KEY_SCOPES.length)
    .transform((scopes) => [...new Set(scopes)]),
});
export type ApiKeyInput = z.infer<typeof apiKeyInputSchema>;

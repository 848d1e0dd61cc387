import { z } from "zod";
import { API_KEY_SCOPES } from "@/lib/shared/people/api-keys";
import { id, instant, stored } from "../common/schemas";

// A restaurant's API keys (docs/architecture/api-keys.md) as its API keys page reads them: never
// the key itself, except once in the answer that creates it.

export const apiKeySchema = z.object({
  id,
  name: z.string(),
  start: z.string().meta({ description: "The key's first characters (`nosh_live_abcd`), to tell keys apart" }),
  scopes: z.array(stored(API_KEY_SCOPES)),
  createdAt: instant,
  createdBy: z.string().meta({ description: "The first name of who created it" }),
  lastUsedAt: instant.nullable().meta({ description: "The last request made with it, to the minute; null: never used" }),
});

export const apiKeyListSchema = z.object({ apiKeys: z.array(apiKeySchema) });
export const createdApiKeySchema = z.object({
  apiKey: apiKeySchema,
  key: z.string().meta({ description: "The key itself: shown this once, only its SHA-256 is kept. Send it as `Authorization: Bearer <key>`" }),
});

export type ApiKeyJson = z.infer<typeof apiKeySchema>;

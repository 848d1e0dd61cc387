import "server-only";
import { getWords } from "@/lib/i18n/translate";
import type { ConsoleLabels } from "./labels";

/** The console's labels (./labels.ts) in the request's language: a stage's and a timeline step's words are the customer's (order.label, order.timeline). */
export async function consoleLabels(): Promise<ConsoleLabels> {
  const [order, { labels }] = await Promise.all([getWords("order"), getWords("admin")]);
  return { stages: order.label, timeline: order.timeline, ...labels };
}

/** Why an order needs an operator, in the request's language: by its stage (admin.dashboardTiles.attention); the API's `attention.reason` stays English (operators/orders.ts). */
export async function attentionReasons(): Promise<(stage: string | null, reason: string) => string> {
  const words: Record<string, string | undefined> = (await getWords("admin")).dashboardTiles.attention;
  return (stage, reason) => (stage === null ? undefined : words[stage]) ?? reason;
}

import "server-only";
import { getWords } from "@/lib/i18n/translate";
import type { ConsoleLabels } from "./labels";

/** The console's labels (./labels.ts) in the request's language: a stage's and a timeline step's words are the customer's (order.label, order.timeline). */
export async function consoleLabels(): Promise<ConsoleLabels> {
  const [order, { labels }] = await Promise.all([getWords("order"), getWords("admin")]);
  return { stages: order.label, timeline: order.timeline, ...labels };
}

import { z } from "zod";
import { op, signedIn, eventStream, streamAnswer } from "../define";

// The signed-in person's one live stream (docs/architecture/live-order-events.md): what the app's
// pages listen to. The per-resource streams (orders, a restaurant's board, the bell, the courier)
// stay as documented for API clients.

export const personalStreamQuerySchema = z.strictObject({
  app: z.enum(["courier"], { error: "app must be courier (the courier app is open) or left out" }).optional(),
});

export const liveOperations = [
  op("GET /api/events", {
    summary:
      "Server-Sent Events for everything the caller may see, on one connection: their orders' steps and delivery news (`event: order`, `event: delivery`), their bell's wake-ups (`event: notification`), their courier jobs' offers and news, and the orders of every restaurant they own (re-checked while the stream lasts: a restaurant deleted or handed over stops its events). `app=courier`: the courier app is open. Re-read the state on each event, on `reload` and after every reconnect; resume with Last-Event-ID",
    access: signedIn,
    paging: eventStream,
    query: personalStreamQuerySchema,
    ok: streamAnswer,
    fixture: { matrix: {} },
  }),
];

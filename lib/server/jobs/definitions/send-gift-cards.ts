import "server-only";
import { mailDueGiftCards } from "../../gift-cards/book";
import { logCount, type TimedJob } from "../job";

export const sendGiftCardsJob: TimedJob = {
  id: "gift-cards.send",
  does: "A paid gift card whose send date came gets its mail to the recipient, with its code (lib/server/gift-cards/book.ts).",
  cadence: { label: "every 30 s", everyMs: () => 30_000 },
  once: "Each card is claimed by one conditional UPDATE (sentAt) in the transaction that writes its mail to the outbox: of two instances, one mails it.",
  run: logCount(mailDueGiftCards, (count) => `mailed ${count} gift cards`),
};

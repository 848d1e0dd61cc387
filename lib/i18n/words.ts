import type { Messages } from "./catalogues";

// The types a client component's words take: a namespace of the catalogue, finished on the server
// (lib/i18n/translate.ts getWords) and handed over as props. Types only: nothing of this is in a
// page's JavaScript.
export type { Messages };
export type Words<N extends keyof Messages> = Messages[N];
/**
 * A dish's choices dialog's words (components/browse/dish-options-dialog.tsx DishDialogLang but its locale and currency);
 * `notes`: an Edit's "updated" and a dish gone (browse.cartMarket.dialog), where the dialog edits or reads the dish itself.
 */
export type DialogWords = { words: Messages["dish"]["choices"]; add: Pick<Messages["dish"], "addToCart" | "inCart">; notes?: Messages["browse"]["cartMarket"]["dialog"] };

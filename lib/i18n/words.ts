import type { Messages } from "./catalogues";

// The types a client component's words take: a namespace of the catalogue, finished on the server
// (lib/i18n/translate.ts getWords) and handed over as props. Types only: nothing of this is in a
// page's JavaScript.
export type { Messages };
export type Words<N extends keyof Messages> = Messages[N];

// Texts stored in English that were chosen from a fixed list (an order's rejection and
// cancellation reasons, a failed delivery's reason), shown in the reader's language: the page
// hands `words` (English text -> the reader's, the catalogue's server.storedTexts.choices, made by
// lib/server/web/stored-texts.ts; none for English) and the text is matched whole, or as
// "Label: rest" with a known label (the rest, an owner's note, stays as typed unless it is itself
// one of the texts). Anything else, free text someone typed, is shown as stored. Pure, for the
// client screens too.

/** English stored text -> the reader's words. */
export type StoredTextWords = Record<string, string>;

/** `text` in the reader's words where it is one of the fixed choices; as stored otherwise. */
export function storedText(text: string, words?: StoredTextWords): string {
  if (!words) return text;
  const whole = words[text];
  if (whole !== undefined) return whole;
  const colon = text.indexOf(": ");
  const label = colon > 0 ? words[text.slice(0, colon)] : undefined;
  if (label === undefined) return text;
  const rest = text.slice(colon + 2);
  return `${label}: ${words[rest] ?? rest}`;
}

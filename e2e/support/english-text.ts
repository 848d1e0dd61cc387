import type { Page } from "@playwright/test";
import { SOURCES } from "../../lib/i18n/catalogues";

// English left on a Spanish screen (e2e/languages/spanish-text.journey.spec.ts, and the Spanish
// sweep of e2e/languages/phone-width.journey.spec.ts): a page shows none of the English
// catalogue's words that Spanish words differently, and no number or date written the US way.
// Owners' own words (restaurant and dish names, descriptions) are theirs, so the catalogue is
// the yardstick, not a dictionary: a message's literal words, its `{arguments}` and plural or
// select branches being anything.

type Tree = { [key: string]: string | Tree };
const leaves = (tree: Tree, prefix = ""): [string, string][] =>
  Object.entries(tree).flatMap(([key, value]) => (typeof value === "string" ? [[`${prefix}${key}`, value] as [string, string]] : leaves(value, `${prefix}${key}.`)));

/** A message's literal runs, an argument (simple, plural or select: braces balanced) between each two. */
export function literalRuns(message: string): string[] {
  const runs = [""];
  let depth = 0;
  for (const char of message) {
    if (char === "{") {
      if (depth++ === 0) runs.push("");
    } else if (char === "}") depth = Math.max(0, depth - 1);
    else if (depth === 0) runs[runs.length - 1] += char;
  }
  return runs;
}

const words = (text: string) => text.match(/\p{L}[\p{L}'’-]*/gu) ?? [];
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const squeeze = (text: string) => text.replace(/\s+/g, " ").trim();

/** A message as a pattern of an element's whole text: its literal runs as written (a space as any space), an argument as anything. */
const wholePattern = (literal: string[]) =>
  new RegExp(
    `^${literal
      .map((run) => escape(run).replace(/\s+/g, "\\s+"))
      .join(".+?")
      .trim()}$`,
  );

/** English's messages that Spanish words differently: long runs found anywhere, short messages as an element's whole text. */
export function englishYardstick() {
  const spanish = new Map(leaves(SOURCES.es as Tree));
  const spanishText = [...spanish.values()].join("\n");
  const runs = new Set<string>();
  // Each short message under its longest word: an element is tried only against the messages whose word it has.
  const wholes = new Map<string, [english: string, pattern: RegExp][]>();
  for (const [key, english] of leaves(SOURCES.en as Tree)) {
    const own = spanish.get(key);
    if (own === undefined || own === english) continue;
    const literal = literalRuns(english);
    for (const run of literal.map(squeeze)) if (words(run).length >= 4 && !spanishText.includes(run)) runs.add(run);
    // A short message is English only as an element's whole text ("Vegetarian", "Choose {count} {name}"), and
    // only where its own words say enough: "{list} and {last}" would be any owner's "Fish and Chips".
    const letters = words(literal.join(" ")).join("").length;
    if (letters < (literal.length > 1 ? 6 : 3) || squeeze(literalRuns(own).join(" ")) === squeeze(literal.join(" "))) continue;
    const word = words(literal.join(" ")).reduce((longest, word) => (word.length > longest.length ? word : longest), "");
    wholes.set(word, [...(wholes.get(word) ?? []), [english, wholePattern(literal)]]);
  }
  return { runs: [...runs], wholes };
}

/** Numbers and dates written the US way beside Spanish words: "0.9 km", "5.0 sobre 5", "$999.99", "2028-06-30". */
const US_FORMATS: [string, RegExp][] = [
  // A licence's version ("CC BY-SA 4.0") is a name, not a number.
  ["a decimal point", /(?<![\d.,]|BY(?:-SA)? )\d+\.\d{1,2}(?![\d.,]*\d)/g],
  ["a dollar sign before the amount", /(?<![A-Z])\$\s?\d/g],
  ["an ISO date", /\b\d{4}-\d{2}-\d{2}\b/g],
  ["an English date", /\b(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{1,2}\b/g],
  ["an English time", /\b\d{1,2}:\d{2}\s?[AP]M\b/g],
];

/** What a page shows: its whole text, and each element's own whole text (short ones), as a reader sees them. */
export async function shownTexts(page: Page): Promise<{ all: string; elements: string[] }> {
  return page.evaluate(() => {
    const all = document.body.innerText;
    const elements = new Set<string>();
    for (const element of document.body.querySelectorAll("*")) {
      if (element.closest("script, style, noscript, template")) continue;
      const text = (element as HTMLElement).innerText?.replace(/\s+/g, " ").trim();
      if (text && text.length <= 80) elements.add(text);
      const placeholder = element.getAttribute("placeholder");
      if (placeholder) elements.add(placeholder.trim());
    }
    return { all, elements: [...elements] };
  });
}

let yardstick: ReturnType<typeof englishYardstick> | undefined;

/** The English a Spanish reader is shown (catalogue words, US numbers and dates), each finding once. */
export function englishIn({ all, elements }: { all: string; elements: string[] }): string[] {
  yardstick ??= englishYardstick();
  const found = new Set<string>();
  const text = squeeze(all);
  for (const run of yardstick.runs) if (text.includes(run)) found.add(`"${run}"`);
  for (const element of elements) {
    const candidates = [...new Set(words(element))].flatMap((word) => yardstick!.wholes.get(word) ?? []);
    const english = candidates.find(([, pattern]) => pattern.test(element))?.[0];
    if (english !== undefined) found.add(`"${element}" (${english})`);
  }
  for (const [what, pattern] of US_FORMATS)
    for (const [match] of text.matchAll(pattern)) found.add(`${what}: "${text.slice(Math.max(0, text.indexOf(match) - 20), text.indexOf(match) + match.length + 12)}"`);
  return [...found];
}

/** englishIn of the page as it is now. */
export const englishOn = async (page: Page): Promise<string[]> => englishIn(await shownTexts(page));

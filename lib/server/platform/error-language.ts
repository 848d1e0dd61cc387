import "server-only";
import { ENGLISH } from "@/lib/i18n/catalogues";
import type { Locale } from "@/lib/i18n/locale";
import { translatorFor } from "@/lib/i18n/translate";

// The API's error messages in the request's language (docs/architecture/languages.md):
// the server throws its messages in English, as the spec and the API contract quote them, and
// the one place an error becomes JSON (errors.ts errorResponse, given the request's language: web/request-language.ts) looks each message up here, by
// its English text, in the catalogue's `server.errors.messages`. A message that carries values
// ("{label} is required", "Must be at most {count} characters") is matched by its English
// pattern, its values put back (a field's name from `server.errors.words` where known). A message
// the catalogue lacks stays English; an English request, and one naming no language, is answered
// byte for byte as before: nothing here runs for it.

type Entry = { pattern: RegExp; names: string[]; key: string };
type Table = { exact: Map<string, string>; patterns: Entry[]; words: Map<string, string> };
type ErrorsT = (key: string, values?: Record<string, string>) => string;
type Tree = { [key: string]: string | Tree };

const tables = new Map<Locale, Table>();
const escape = (text: string) => text.replace(/[.*+?^$()|[\]\\{}]/g, "\\$&");
const leaves = (tree: Tree, prefix: string): [string, string][] =>
  Object.entries(tree).flatMap(([key, value]) => (typeof value === "string" ? [[prefix + key, value] as [string, string]] : leaves(value, `${prefix}${key}.`)));
/** A value's place in an English message as formatted, so ICU's quoting ('{ lat, lng }') reads as the server writes it. */
const HOLE = (name: string) => `\u0001${name}\u0002`;

/**
 * The English messages of `server.errors`, keyed by their catalogue key: `messages` (thrown by the
 * handlers) and `rules` (lib/validation's, a group per schema file; rule-messages.test.ts fails on
 * one missing). Each as the server writes it, a value as HOLE(name).
 */
export function englishErrors(): { key: string; text: string; names: string[] }[] {
  const en = translatorFor("en", "server.errors") as unknown as ErrorsT;
  const { messages, rules } = ENGLISH.server.errors as unknown as { messages: Tree; rules: Tree };
  return [...leaves(messages, "messages."), ...leaves(rules, "rules.")].map(([key, english]) => {
    const names = [...english.matchAll(/\{(\w+)\}/g)].map(([, name]) => name!);
    return { key, names, text: en(key, Object.fromEntries(names.map((name) => [name, HOLE(name)]))) };
  });
}

function tableOf(locale: Locale): Table {
  let table = tables.get(locale);
  if (table) return table;
  const t = translatorFor(locale, "server.errors") as unknown as ErrorsT;
  const { words } = ENGLISH.server.errors;
  table = { exact: new Map(), patterns: [], words: new Map(Object.entries(words).map(([key, english]) => [english, t(`words.${key}`)])) };
  for (const { key, names, text } of englishErrors()) {
    if (!names.length) table.exact.set(text, t(key));
    else table.patterns.push({ pattern: new RegExp(`^${escape(text).replace(/\u0001\w+\u0002/g, "(.+?)")}$`), names, key });
  }
  // The longest pattern first: "Must be one of {list}" before a looser one could take it.
  table.patterns.sort((a, b) => b.pattern.source.length - a.pattern.source.length);
  tables.set(locale, table);
  return table;
}

/** One message in `locale`: the catalogue's entry for its English text, else the English as it came. */
export function messageIn(locale: Locale, message: string): string {
  if (locale === "en") return message;
  const table = tableOf(locale);
  const exact = table.exact.get(message);
  if (exact !== undefined) return exact;
  const t = translatorFor(locale, "server.errors") as unknown as ErrorsT;
  for (const { pattern, names, key } of table.patterns) {
    const match = pattern.exec(message);
    if (!match) continue;
    const values = Object.fromEntries(names.map((name, i) => [name, table.words.get(match[i + 1]!) ?? match[i + 1]!]));
    return t(key, values);
  }
  return message;
}

import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ENGLISH } from "@/lib/i18n/catalogues";
import { LOGGED_OUT_EVERYWHERE, RESTAURANT_REACTIVATED, REVIEW_DELETED } from "@/lib/shared/words/messages";
import { ACCOUNT_SAID } from "@/lib/contract/zod-free/account-rules";
import { RESET_SAID } from "@/lib/contract/zod-free/auth-rules";
import { answerIn, successIn } from "./success-language";
import { inEnglish } from "@/lib/contract/testing/in-english";

// A successful answer's `message` in the request's language (handle() runs answerIn on every JSON
// answer); English byte for byte. Every message a route file answers with, as a literal or one of
// the constants below, has its words: a new one missing from `server.apiSuccess` fails here.

const API = path.resolve(process.cwd(), "app/api");
const routeSources = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? routeSources(path.join(dir, entry.name)) : entry.name === "route.ts" ? [readFileSync(path.join(dir, entry.name), "utf8")] : [],
  );
const CONSTANTS = [LOGGED_OUT_EVERYWHERE, RESTAURANT_REACTIVATED, REVIEW_DELETED, ACCOUNT_SAID.deleted, RESET_SAID.changed];

describe("an API success message", () => {
  const literals = [...new Set(routeSources(API).flatMap((source) => [...source.matchAll(/message: (?:successIn\([^,]+, )?"([^"]+)"/g)].map(([, text]) => text!)))];

  it("has Spanish words for every message the routes answer with", () => {
    expect(literals.length).toBeGreaterThanOrEqual(14);
    for (const message of [...literals, ...CONSTANTS]) {
      const english = inEnglish(message);
      expect(successIn("en", message)).toBe(english);
      expect(successIn("es", message), english).not.toBe(english);
    }
    for (const english of Object.values(ENGLISH.server.apiSuccess)) expect(successIn("es", english)).not.toBe(english);
  });

  it("answers in the request's language, English and data left as they are", () => {
    const deleted = { message: "Menu item deleted", id: 7 };
    expect(answerIn("en", deleted)).toBe(deleted);
    expect(answerIn("es", deleted)).toEqual({ message: "Plato eliminado", id: 7 });
    expect(answerIn("es", { message: "Logged out" })).toEqual({ message: "Sesión cerrada" });
    expect(answerIn("es", { message: ACCOUNT_SAID.deleted }).message).toBe("Tu cuenta se eliminó");
    // An order chat's message is an object; a text the catalogue lacks stays as it came.
    const chat = { message: { id: 1, body: "Logged out" } };
    expect(answerIn("es", chat)).toBe(chat);
    expect(answerIn("es", { message: "Something new" })).toEqual({ message: "Something new" });
    expect(answerIn("es", [1, 2])).toEqual([1, 2]);
    expect(answerIn("fr", { message: "Restaurant deleted" }).message).toBe("Restaurant supprimé");
  });
});

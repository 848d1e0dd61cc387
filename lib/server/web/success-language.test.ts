import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ENGLISH } from "@/lib/i18n/catalogues";
import { ACCOUNT_SAID } from "@/lib/contract/zod-free/account-rules";
import { said } from "@/lib/shared/words/said";
import { answerIn } from "./success-language";

// A successful answer's words in the request's language (handle() runs answerIn on every JSON
// answer), English from the English catalogue byte for byte. A route answers a human text by its
// catalogue key (`said("done.menuItemDeleted")`), never by an English sentence looked up later.

const API = path.resolve(process.cwd(), "app/api");
const routeFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? routeFiles(path.join(dir, entry.name)) : entry.name === "route.ts" ? [path.join(dir, entry.name)] : [],
  );

describe("an API success message", () => {
  it("is said by its key in every route file, never written as an English literal", () => {
    const literal = routeFiles(API).flatMap((file) =>
      [...readFileSync(file, "utf8").matchAll(/message: ["'`]([^"'`]+)/g)].map(([, text]) => `${path.relative(API, file)}: ${text}`),
    );
    expect(literal).toEqual([]);
    const keyed = routeFiles(API).flatMap((file) => [...readFileSync(file, "utf8").matchAll(/said\("done\.(\w+)"\)/g)].map(([, key]) => key!));
    expect(keyed.length).toBeGreaterThanOrEqual(18);
    for (const key of keyed) expect(ENGLISH.server.errors.done, key).toHaveProperty(key);
  });

  it("answers each said text in the request's language, English from the English catalogue, data left as it is", () => {
    const deleted = { message: said("done.menuItemDeleted"), id: 7 };
    expect(answerIn("en", deleted)).toEqual({ message: "Menu item deleted", id: 7 });
    expect(answerIn("es", deleted)).toEqual({ message: "Plato eliminado", id: 7 });
    expect(answerIn("es", { message: said("done.loggedOut") })).toEqual({ message: "Sesión cerrada" });
    expect(answerIn("es", { message: ACCOUNT_SAID.deleted }).message).toBe("Tu cuenta se eliminó");
    expect(answerIn("fr", { message: said("done.restaurantDeleted") }).message).toBe("Restaurant supprimé");
    // A thread's closed reason is said too; its messages are data.
    const thread = { messages: [{ id: 1, body: "Logged out" }], open: false, closedReason: said("messages.threadDelivered") };
    expect(answerIn("es", thread)).toEqual({ ...thread, closedReason: "Esta conversación se cerró cuando se entregó el pedido" });
    expect(answerIn("en", thread).closedReason).toBe("This conversation closed when the order was delivered");
    // An order chat's message is an object, and text that is not said stays as it came: the same answer back.
    const chat = { message: { id: 1, body: "Logged out" } };
    expect(answerIn("es", chat)).toBe(chat);
    const plain = { message: "Something new" };
    expect(answerIn("es", plain)).toBe(plain);
    expect(answerIn("es", [1, 2])).toEqual([1, 2]);
  });
});

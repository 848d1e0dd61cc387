import "server-only";
import type { NextRequest } from "next/server";
import type { z } from "zod";
import {
  OPERATIONS_BY_KEY,
  isTextParam,
  successStatus,
  type Access,
  type AccessKind,
  type Operation,
  type OperationAt,
  type OperationKey,
  type TextParam,
} from "@/lib/contract/operations";
import { asOperator, type Operator } from "../platform/operator";
import { asCourier, type Courier } from "../dispatch/courier";
import { admitApiKey, bearerKeyOf, type KeyGrant } from "../api-keys/bearer";
import { admitPrinter, type PrinterCaller } from "../printers/caller";
import { admitKitchenDevice, deviceTokenOf, type KitchenDeviceGrant } from "../kitchen-devices/caller";
import { ApiError, fromZod } from "../platform/errors";
import type { PrismaSql } from "../platform/sql";
import { amountsInCurrency } from "./amounts";
import { camelizeKeys, parseJsonBytes, readJson } from "./body";
import { idempotencyKeyOf, idempotent, storedAnswer, type Answer, type IdempotentStep } from "./idempotency";
import { markPersonal } from "./personal-answer";
import { json, route } from "./route";
import { languageOfRequest } from "./request-language";
import { answerIn } from "./success-language";
import { admitTeamCall, restaurantInBody, teamNeedOf } from "./restaurant-access";
import { getCurrentUser, type SignedInUser } from "./session";
import { parseId, parseQuery } from "./url-input";
import { said } from "@/lib/shared/words/said";

// handle(key, handler): an API route served from its declaration (lib/contract/<resource>/), in
// the shape of dub's withWorkspace. Inside route() (./route.ts: refusal, body cap, errors,
// headers) it checks, in this order: the path's parameters (the TEXT_PARAMS as text, every other one a
// positive id naming itself), the operation's access, its query, then its JSON body; the handler
// gets them typed and checked. What handle applies of each access kind (define.ts AccessKind):
// - anyone, signedLink: nothing (the session is not even read: a shared answer stays shared);
//   signedLink also skips the anti-forgery check (the link's token is the authority);
// - a request with `Authorization: Bearer <key>` to an operation that is not anyone's: the key
//   (../api-keys/bearer.ts), never the session: an operation declaring no `keys` refuses it (401),
//   one that does checks its scopes and hands on the key's maker, limited to the key's
//   restaurant; such a request skips the anti-forgery check (no cookie is its authority);
// - printer: the kitchen printer's HTTP Basic credentials (../printers/caller.ts), never a session
//   or a key: handed on as `printer`, limited to its own jobs; no anti-forgery check (no cookie);
// - an operation declaring `kitchenDevice` (the board's steps) and a request carrying a kitchen
//   tablet's cookie (../kitchen-devices/caller.ts): the device, never the session, acting as the
//   member who paired it, as a staff member (handed on as `kitchenDevice` too), at its own
//   restaurant only; a removed device's cookie, or another restaurant's path, falls to the session's rules;
// - every signed-in kind: the 401 (with the access's `unauthorizedFields` when it names some);
// - courier, jobCourier: the 403 of someone who is not a courier; operator: of a non-operator;
// - restaurantManager, restaurantStaff: the caller's role at the restaurant the call acts on, read
//   afresh (./restaurant-access.ts): not on its team 404, a role below the route's 403; a member
//   is handed on as `user` with their grant (team/roles.ts), which the data layer honours;
// - member, self, restaurantOwner, recordOwner, groupToken, groupHost, jobCourier: the record's
//   own check is the data layer's, given the user handle hands it (a guest's or another user's
//   403 with its own words; someone else's record answers like a missing one, 404).
// A handler returns a Response, or a value answered as JSON with the operation's success status
// (its `message` in the request's language: ./success-language.ts).
// `idempotent` (operations that declare it) runs a step once per Idempotency-Key in the scope the
// operation names. See docs/architecture/api-contract.md "Writing a route".

type ParamNames<P extends string> = P extends `${string}{${infer Name}}${infer Rest}` ? Name | ParamNames<Rest> : never;
/** A path's parameters: the text ones (TEXT_PARAMS: a group's `token`, a `provider`, an `intentId`) as sent, every other one a checked id. */
export type PathParams<P extends string> = { [Name in ParamNames<P>]: Name extends TextParam ? string : number };
type Parsed<S> = S extends z.ZodType ? z.output<S> : undefined;
/** The body handle parses: `parseBody` when the operation declares one, else `body`. */
type BodyOf<O> = O extends { parseBody: infer P extends z.ZodType } ? z.output<P> : O extends { body: infer B } ? Parsed<B> : undefined;

type Caller<K extends AccessKind> = K extends "anyone" | "signedLink"
  ? unknown
  : K extends "printer"
    ? { printer: PrinterCaller }
    : K extends "operator"
      ? { user: SignedInUser; operator: Operator }
      : K extends "courier" | "jobCourier"
        ? { user: SignedInUser; courier: Courier }
        : K extends "restaurantStaff"
          ? { user: SignedInUser; /** The kitchen tablet calling (a `kitchenDevice` operation), or null. */ kitchenDevice: KitchenDeviceGrant | null }
          : { user: SignedInUser };

type Once<O> = O extends { idempotent: { scope: string } }
  ? {
      /** Runs `step` once per Idempotency-Key (idempotency.ts idempotent), in the operation's scope, keyed on the parsed body. */
      idempotent: IdempotentStep;
      /** The request's Idempotency-Key (checked), for a step that hands it on (a provider's own idempotency key). */
      idempotencyKey: string | null;
    }
  : unknown;

/** What a handler of operation O is handed, already checked. */
export type Call<O extends Operation> = {
  request: NextRequest;
  params: PathParams<O["path"]>;
  query: Parsed<O["query"]>;
} & (O extends { multipart: object } ? unknown : { body: BodyOf<O> }) &
  Caller<O["access"]["kind"]> &
  Once<O>;

/** A route that reads its own body (an upload): the handler gets `check`, the operation's body check of what it read. */
type Streamed<O extends Operation> = Omit<Call<O>, "body"> & { check: (body: unknown) => BodyOf<O> };

type Handler<C> = (call: C) => Promise<unknown>;
type Served = (request: NextRequest, context: { params: Promise<Record<string, string | string[] | undefined>> }) => Promise<Response>;

const NO_SESSION: ReadonlySet<AccessKind> = new Set(["anyone", "signedLink"]);

export function handle<K extends OperationKey>(key: K, handler: Handler<Call<OperationAt<K>>>): Served;
export function handle<K extends OperationKey>(key: K, handler: Handler<Streamed<OperationAt<K>>>, options: { body: "handler" }): Served;
export function handle(key: OperationKey, handler: Handler<never>, options: { body?: "handler" } = {}): Served {
  const operation = OPERATIONS_BY_KEY.get(key);
  const operationKey = key;
  if (!operation) throw new Error(`handle("${key}"): no such operation in lib/contract/operations`);
  const { access } = operation;
  const bodySchema = operation.parseBody ?? operation.body;
  const run = handler as (call: Record<string, unknown>) => Promise<unknown>;
  const served = route(
    async (request, raw) => {
      const params: Record<string, string | number> = {};
      for (const [, name] of operation.path.matchAll(/\{(\w+)\}/g)) {
        params[name!] = isTextParam(name!) ? String(raw[name!]) : parseId(raw[name!], name);
      }
      const machine = access.kind === "printer";
      const bearer = NO_SESSION.has(access.kind) || machine ? null : bearerKeyOf(request);
      const deviceToken = operation.kitchenDevice && bearer === null ? deviceTokenOf(request.cookies) : null;
      // A key's, a printer's or a tablet's answer is its restaurant's: never stored by a shared cache (personal-answer.ts).
      if (bearer !== null || machine || deviceToken !== null) markPersonal();
      // A tablet's cookie counts at its own restaurant only: elsewhere (its owner signed in on it, at another of theirs) the session's rules.
      const device = deviceToken !== null ? await admitKitchenDevice(deviceToken) : null;
      const admitted: Record<string, unknown> = machine
        ? await admitPrinter(request)
        : bearer !== null
          ? await admitApiKey(operation, bearer)
          : device && device.kitchenDevice.restaurantId === params.id
            ? device
            : await admit(access, getCurrentUser);
      const { apiKey, kitchenDevice, ...caller } = admitted;
      const key = (apiKey ?? kitchenDevice) as KeyGrant | KitchenDeviceGrant | undefined;
      const call: Record<string, unknown> = { request, params, ...caller, kitchenDevice: kitchenDevice ?? null };
      const team = teamNeedOf(operation) !== null;
      if (team && !restaurantInBody(operation)) call.user = await admitTeamCall(operation, call.user as SignedInUser, params, undefined, key);
      if (operation.query) call.query = parseQuery(request, operation.query);
      if (options.body === "handler") call.check = (body: unknown) => (bodySchema ? checked(body, bodySchema) : undefined);
      // Amounts in the row's currency (amounts.ts): a yen price is read as whole yen.
      else if (bodySchema) call.body = parseJsonBytes(await amountsInCurrency(operationKey, params, await readJson(request)), bodySchema);
      if (team && restaurantInBody(operation)) call.user = await admitTeamCall(operation, call.user as SignedInUser, params, call.body, key);
      if (operation.idempotent) {
        const scope = operation.idempotent.scope.replace(/\{(\w+)\}/g, (_, name: string) => String(params[name]));
        const user = call.user as SignedInUser;
        const once = { userId: user.id, name: scope, key: idempotencyKeyOf(request), request: call.body };
        call.idempotent = Object.assign((step: (sql: PrismaSql) => Promise<Answer>, stepOptions: { prisma: true }) => idempotent(once, step, stepOptions), {
          replayed: () => storedAnswer(once),
        }) as IdempotentStep;
        call.idempotencyKey = idempotencyKeyOf(request);
      }
      const answer = await run(call);
      // A success's `message` in the request's language (./success-language.ts); English as the handler wrote it.
      return answer instanceof Response ? answer : json(answerIn(languageOfRequest(request), answer), successStatus(operation));
    },
    { body: options.body, signedLink: access.kind === "signedLink", apiKeys: operation.keys !== undefined, machine: access.kind === "printer" },
  );
  return Object.assign(served, { operation });
}

/**
 * The caller `access` admits, as the handler receives it ({ user, courier?, operator? }), or the
 * refusal it throws: the 401, the 403 of someone who is not a courier or not an operator. An
 * operation anyone may call does not read the session (`currentUser` is not called).
 */
export async function admit(access: Access, currentUser: () => Promise<SignedInUser | null>): Promise<Record<string, unknown>> {
  if (NO_SESSION.has(access.kind)) return {};
  // A printer's operation admits its HTTP Basic credentials only (admitPrinter): a session is never read, and never enough.
  if (access.kind === "printer") throw new ApiError("unauthorized", said("messages.printerCredentials"));
  const user = await currentUser();
  if (!user) throw new ApiError("unauthorized", said("messages.unauthorized"), access.unauthorizedFields);
  if (access.kind === "operator") return { user, operator: asOperator(user) };
  if (access.kind === "courier" || access.kind === "jobCourier") return { user, courier: asCourier(user) };
  return { user };
}

/** A body a handler read itself, checked as a JSON body is (snake_case names accepted). */
function checked(body: unknown, schema: z.ZodType): unknown {
  const result = schema.safeParse(camelizeKeys(body));
  if (!result.success) throw fromZod(result.error);
  return result.data;
}

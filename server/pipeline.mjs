// @ts-check
// What every request goes through, in order: its id and metrics (server/ops.mjs), the host's
// operations routes (/healthz, /readyz, /metrics), the limits (method, path, client address, body
// cap), a route the host serves itself (the app's, without Next.js's router), a pre-compressed
// static file, a replay of a kept answer, the heap budget (server/heap-guard.mjs: 503 past it,
// for the routes too and for what would reach Next.js), and otherwise Next.js with the
// layers that watch or rewrite its answer (the store's capture, paint first, the stream
// hand-off, JSON error bodies), each installed over the response's methods in that order.
import { setClientAddress } from "./client-address.mjs";
import { hasBadEscape, isApiPath, jsonErrorBodies, NOT_FOUND_PATH, sendJson } from "./json-errors.mjs";
import { capBody, closeGentlyWhenUnread, refuseMethod } from "./limits.mjs";
import { hostRouteKey } from "../lib/shared/web/registries/host-routes.mjs";
import { SIGN_IN_STAND_IN_PATH } from "../lib/shared/web/host-contract.mjs";
import { recheckHeap } from "../lib/shared/web/heap-recheck.mjs";
import { errorField, logger } from "./log.mjs";
import { paintFirstWhole, paintsFirst } from "./paint-first-whole.mjs";
import { twinAnswer } from "./static-twins.mjs";

/** How long a request waits for a page's render under way before it goes on by itself (a render that is never kept or released must not hold its waiters). */
const UNDERWAY_WAIT_MS = 2_000;

/** @import { IncomingMessage, ServerResponse } from "node:http" */
/** @import { KeptAnswers, Place } from "./kept-answers/store.mjs" */
/** @import { TwinIndex } from "./static-twins.mjs" */
/** @import { HostRoutes } from "../lib/shared/web/registries/host-routes.mjs" */
/** @typedef {ReturnType<typeof import("./ops.mjs").operations>} Operations */
/** @typedef {import("./ops.mjs").Scope} Scope */

/**
 * @typedef {{
 *   handle: (req: IncomingMessage, res: ServerResponse) => Promise<void>,
 *   twins: TwinIndex,
 *   shared: KeptAnswers,
 *   allowHandOff: (req: IncomingMessage, res: ServerResponse) => void,
 *   maxBodyBytes: number,
 *   routes: HostRoutes,
 *   ops: Operations,
 *   heapFull: () => boolean,
 *   signInStandIn?: ((req: IncomingMessage, res: ServerResponse) => void) | null,
 * }} Pipeline
 */

/** The request listener of the host's HTTP server. @param {Pipeline} pipeline */
export function requestListener({ handle, twins, shared, allowHandOff, maxBodyBytes, routes, ops, heapFull, signInStandIn = null }) {
  /** 503 before the request is read when the heap is past its budget (server/heap-guard.mjs); true when it did. @param {IncomingMessage} req @param {ServerResponse} res */
  const refusedForHeap = (req, res) => {
    if (!heapFull()) return false;
    recheckHeap();
    ops.heapRefused();
    req.resume();
    sendJson(res, 503, { message: "The service is busy. Please try again in a moment." }, { "Retry-After": "1" });
    return true;
  };
  /** @param {Place | null} place @param {IncomingMessage} req @param {ServerResponse} res @param {string | null} pageMark */
  const render = (place, req, res, pageMark) => {
    shared.capture(place, req, res, pageMark);
    if (paintsFirst(req)) paintFirstWhole(req, res);
    allowHandOff(req, res);
    if (isApiPath(String(req.url))) jsonErrorBodies(req, res);
    handle(req, res).catch((error) => {
      logger.error({ err: errorField(error) }, "unhandled error");
      if (!res.headersSent) sendJson(res, 500, { message: "Something went wrong. Please try again" });
      else res.destroy();
    });
  };
  // A shared page is marked before it renders (the catalog version it is at least as new as), and
  // claimed first: requests for it meanwhile wait for this render to be kept, then are replayed.
  // A signed-in visitor's render is their own, never kept: the anonymous one is asked for once it
  // has answered 200 or a redirect (a page that is not found, or not a page, is never rendered
  // twice a request), from their second visit of a page not kept yet.
  /** @param {Place | null} place @param {IncomingMessage} req @param {ServerResponse} res */
  const toNext = (place, req, res) => {
    if (place?.personal) {
      const keep = shared.keeps(place);
      res.once("finish", () => {
        if (keep) shared.fill(place, req, res.statusCode);
      });
      return render(null, req, res, null);
    }
    if (!shared.keeps(place)) return render(null, req, res, null);
    const pageMark = place?.page ? shared.registry.pageMark : null;
    if (!pageMark) return render(place, req, res, null);
    shared.claim(place);
    pageMark(String(req.url)).then(
      (mark) => render(place, req, res, mark),
      (error) => {
        logger.warn({ err: errorField(error) }, "page mark failed");
        render(place, req, res, null);
      },
    );
  };

  /** @param {IncomingMessage} req @param {ServerResponse} res @param {Scope} scope */
  const serve = (req, res, scope) => {
    if (req.headers["content-length"] !== undefined || req.headers["transfer-encoding"] !== undefined) closeGentlyWhenUnread(req, res);
    // Until something else answers, the answer is the host's own (a limit, a refusal).
    scope.served = "host";
    if (refuseMethod(req, res)) return;
    if (ops.answer(req, res)) return;
    if (hasBadEscape(String(req.url))) {
      if (isApiPath(String(req.url))) {
        req.resume();
        return sendJson(res, 400, { message: "Malformed URL: the path has an invalid % escape" });
      }
      req.url = NOT_FOUND_PATH;
    }
    setClientAddress(req);
    if (capBody(req, res, maxBodyBytes)) return;
    // The sign-in stand-in (server/sign-in-stand-in.mjs), only where the settings run it.
    if (signInStandIn && String(req.url).startsWith(`${SIGN_IN_STAND_IN_PATH}/`)) return void signInStandIn(req, res);
    // The app's own routes (lib/server/web/host-routes.ts): they answer every case themselves.
    const own = routes.size ? routes.get(hostRouteKey(req.method, String(req.url))) : undefined;
    if (own) {
      if (refusedForHeap(req, res)) return;
      scope.served = "host-route";
      return void own(req, res).catch((error) => {
        logger.error({ err: errorField(error) }, "unhandled error");
        if (!res.headersSent) sendJson(res, 500, { message: "Something went wrong. Please try again" });
        else res.destroy();
      });
    }
    const twin = twinAnswer(twins, req);
    if (twin) {
      scope.served = "static";
      res.writeHead(200, twin.headers);
      return void res.end(req.method === "HEAD" ? undefined : twin.body);
    }
    // A kept answer is replayed even past the heap budget (it holds no request's state); what
    // would reach Next.js is refused there.
    const place = shared.placeOf(req);
    // A page being rendered to be kept right now (then compressed off the main thread): replayed
    // once it is, not rendered again (rendered if that render left nothing kept).
    const underway = shared.underway(place);
    if (underway) {
      const bounded = new Promise((resolve) => setTimeout(resolve, UNDERWAY_WAIT_MS).unref());
      return void Promise.race([underway, bounded]).then(() => fromStore(place, req, res, scope));
    }
    fromStore(place, req, res, scope);
  };

  /** Replays what is kept at `place`, else lets Next.js answer. @param {Place | null} place @param {IncomingMessage} req @param {ServerResponse} res @param {Scope} scope */
  const fromStore = (place, req, res, scope) => {
    const kept = shared.find(place);
    /** @param {boolean} [missed] nothing was kept: the render is counted with why (a failed replay counted its own) */
    const onward = (missed = false) => {
      scope.served = "host";
      if (refusedForHeap(req, res)) return;
      scope.served = "next";
      if (missed) shared.missed(place);
      toNext(place, req, res);
    };
    if (kept && place) {
      scope.served = "replay";
      shared.replay(kept, place, req, res).then((served) => served || onward());
    } else onward(true);
  };

  /** @param {IncomingMessage} req @param {ServerResponse} res */
  return (req, res) => ops.begin(req, res, serve);
}

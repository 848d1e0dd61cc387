import { failedInputSchema, pickupStepSchema, positionBodySchema, positionInputSchema, shiftInputSchema, stopStepSchema } from "@/lib/contract/couriers/rules";
import { pagingSchema } from "@/lib/contract/restaurants/browse-rules";
import { messageInputSchema } from "@/lib/contract/deliveries/message-rules";
import { courierSummarySchema, deliveryMessageAnswerSchema, jobAnswerSchema, jobsSchema, messageThreadSchema, positionAnswerSchema, shiftSchema } from "./schemas";
import { op, courier, jobCourier, eventStream, photoAnswer, streamAnswer } from "../define";

// The courier app (docs/architecture/couriers.md): shift, position, delivery jobs and their events.

/** A job's steps answer the job as it now stands. */
const theJob = { description: "The job", schema: jobAnswerSchema };

export const courierOperations = [
  op("GET /api/courier", {
    summary: "The courier's shift, last position, jobs held (and the limit), and today's deliveries and earnings",
    access: courier,
    paging: { unpaged: "the courier's own summary" },
    ok: { description: "The courier", schema: courierSummarySchema },
    fixture: { matrix: { before: ["$ownerIsCourier"] } },
  }),
  op("PUT /api/courier/shift", {
    summary: "Go on or off shift; going off withdraws an open offer",
    access: courier,
    body: shiftInputSchema,
    ok: { description: "The shift", schema: shiftSchema },
    errors: { 409: "Going off shift while holding a job" },
    fixture: { matrix: { fresh: true, before: ["$ownerIsCourier"], body: { onShift: true } } },
  }),
  op("POST /api/courier/position", {
    summary:
      "Report a position `{ lat, lng, accuracy?, ageMs? }` (or `at?`) or up to 50 `{ points }`; a point with `ageMs` (how long before the report it was taken, by the phone's own clock) is dated by the server's receipt time less that age, so a phone clock set wrong changes nothing; points dated in the future (a negative age) or implying more than 200 km/h are dropped; a courier carrying food sends its rounded position to that order's streams",
    access: courier,
    body: positionBodySchema,
    parseBody: positionInputSchema,
    ok: { description: "How many points were kept and dropped", schema: positionAnswerSchema },
    errors: { 409: "Not on shift", 429: "More than one report a second (Retry-After)" },
    fixture: { matrix: { fresh: true, before: ["$ownerOnShift"], body: { lat: 50.0, lng: -147.7 } } },
  }),
  op("GET /api/courier/jobs", {
    summary: "The courier's open offer and the jobs they hold",
    access: courier,
    paging: { unpaged: "a working set: the open offer and the jobs held, at most COURIER_MAX_JOBS + 1" },
    ok: { description: "The jobs", schema: jobsSchema },
    fixture: { matrix: { fresh: true, before: ["$offeredJob"] } },
  }),
  op("POST /api/courier/jobs/{id}/accept", {
    summary: "Accept the job you were offered (offered -> assigned) before the offer runs out; counts toward COURIER_MAX_JOBS",
    access: jobCourier,
    ok: theJob,
    errors: { 404: "Unknown job, or never offered to you", 409: "The offer expired, went to another courier, or you hold as many jobs as you may" },
    fixture: { matrix: { fresh: true, path: { id: "$offeredJob" } } },
  }),
  op("POST /api/courier/jobs/{id}/decline", {
    summary: "Decline the offer (offered -> unassigned): it goes at once to the next nearest courier",
    access: jobCourier,
    ok: theJob,
    errors: { 404: "Unknown job, or never offered to you", 409: "The offer is no longer open" },
    fixture: { matrix: { fresh: true, path: { id: "$offeredJob" } } },
  }),
  op("POST /api/courier/jobs/{id}/release", {
    summary: "Give the job back before pickup (assigned|at_pickup -> unassigned): it is offered to someone else",
    access: jobCourier,
    ok: theJob,
    errors: { 404: "Unknown job, or never offered to you", 409: "The job is not assigned to you before pickup" },
    fixture: { matrix: { fresh: true, path: { id: "$assignedJob" } } },
  }),
  op("POST /api/courier/jobs/{id}/arrived", {
    summary:
      "You are at the restaurant (assigned -> at_pickup): your position, under 2 minutes old, within 250 m of it plus its accuracy; else 409, or with `confirm: true` the step is taken and the job flagged for an operator (a flagged delivery's pay waits for their decision). Your position is the newer of your last report and `position`, the phone's newest fix sent with the step (a report's point with its `ageMs`): the fix the app's distance shows. It joins your track when the reports' rules take it (200 km/h from the last point, one a second)",
    access: jobCourier,
    body: stopStepSchema,
    ok: theJob,
    errors: {
      404: "Unknown job, or never offered to you",
      409: "The job is not assigned. The step away from its stop (no position in the last 2 minutes within DELIVERY_STOP_MARGIN_M (250 m) plus its accuracy): `errors.position` says why, unless `confirm: true`",
    },
    fixture: { matrix: { fresh: true, path: { id: "$assignedJob" } } },
  }),
  op("POST /api/courier/jobs/{id}/picked-up", {
    summary:
      "You have the food (at_pickup -> picked_up): the order goes out for delivery. At the restaurant, as for arrived (or `confirm: true`: flagged). Before the kitchen marked the order ready (the job's `kitchen.ready` false), `handedOver: true` confirms the kitchen handed it to you: the delivery then says `handedOverEarly` to the restaurant and the customer. `bags`: the bags you counted (0 to 20), kept on the order; the kitchen's count and yours equal is \"picked up sealed\"",
    access: jobCourier,
    body: pickupStepSchema,
    ok: theJob,
    errors: {
      404: "Unknown job, or never offered to you",
      409: "The job is not at pickup, or the order cannot go out. The step away from its stop (no position in the last 2 minutes within DELIVERY_STOP_MARGIN_M (250 m) plus its accuracy): `errors.position` says why, unless `confirm: true`. The kitchen has not marked the order ready and `handedOver: true` was not sent: `errors.handedOver` says so, with the kitchen's ready time",
    },
    // The owner's order is still accepted (cooking): the pickup confirms the hand-over.
    fixture: { matrix: { fresh: true, path: { id: "$atPickupJob" }, body: { handedOver: true } } },
  }),
  op("POST /api/courier/jobs/{id}/delivered", {
    summary:
      "The order is delivered (picked_up -> delivered): the order completes and your earnings are credited the pay once. At the drop-off, as for arrived; with `confirm: true` away from it the order still completes but the delivery is flagged and its pay waits for an operator's decision. JSON, or multipart/form-data with this JSON in `data` and the drop-off photo in `photo` (the profile picture's limits: PNG, JPEG or WebP, at most 5 MB; stored re-encoded without metadata, readable by the customer at the order's `dropoffPhotoUrl`): a \"Leave it at my door\" order (`dropoff.leaveAtDoor`) needs it",
    access: jobCourier,
    body: stopStepSchema,
    ok: theJob,
    errors: {
      400: "A photo that is not a PNG, JPEG or WebP image, or more than one (`photo`)",
      404: "Unknown job, or never offered to you (checked before the photo is read)",
      409: 'The job is not picked up. A "Leave it at my door" order without a photo (`errors.photo`). The step away from its stop (no position in the last 2 minutes within DELIVERY_STOP_MARGIN_M (250 m) plus its accuracy): `errors.position` says why, unless `confirm: true`',
      413: "A photo larger than 5 MB",
    },
    fixture: { matrix: { fresh: true, path: { id: "$pickedUpJob" } } },
  }),
  op("POST /api/courier/jobs/{id}/failed", {
    summary:
      "The delivery failed (picked_up -> failed) with a `reason` from a fixed list (unreachable, address_not_found, unsafe, other): the order is canceled with its label (Couldn't reach you, Address not found, Unsafe to deliver, Other) and refunded; the courier is not paid. The `note` (required with other) goes to the operators only",
    access: jobCourier,
    body: failedInputSchema,
    ok: theJob,
    errors: { 404: "Unknown job, or never offered to you", 409: "The job is not picked up" },
    fixture: { matrix: { fresh: true, path: { id: "$pickedUpJob" }, body: { reason: "unreachable" } } },
  }),
  op("GET /api/courier/jobs/{id}/door-photo", {
    summary:
      "The building's photo of the job's drop-off (image/webp, at most 720 px on its long edge, without metadata): the newest drop-off photo of an earlier delivery to the customer's same saved address (or a saved address within 25 m), for the courier holding the job (assigned, at pickup, picked up) only; the job's `dropoff.doorPhotoUrl` says whether there is one. The customer removes it, and stops its keeping, in their address book (`doorPhoto: false`)",
    access: jobCourier,
    paging: { unpaged: "one image" },
    ok: photoAnswer,
    errors: { 404: "Unknown job, only offered to you, held by another courier or closed, or no photo of this address" },
    // The matrix's job has no earlier delivery to its address: its courier gets the 404 of a missing photo too (the reads: e2e/couriers/door-photo.api.spec.ts).
    fixture: { matrix: { fresh: true, status: 404, path: { id: "$assignedJob" } } },
  }),
  op("GET /api/courier/jobs/{id}/messages", {
    summary: "Your messages with the job's customer, oldest first (readable after the delivery too): by role, with no phone number or email on either side",
    access: jobCourier,
    paging: "limit-offset",
    query: pagingSchema,
    ok: { description: "The thread", schema: messageThreadSchema },
    errors: { 404: "Unknown job, only offered to you, or held by another courier" },
    fixture: { matrix: { fresh: true, path: { id: "$assignedJob" } }, list: { as: "owner", path: { id: "$messagedJob" } } },
  }),
  op("POST /api/courier/jobs/{id}/messages", {
    summary:
      "Write to the job's customer `{ body }` (trimmed, 1 to 500 characters) while you hold it (assigned, at pickup, picked up): a `courier_message` event wakes the customer's order stream",
    access: jobCourier,
    body: messageInputSchema,
    ok: { status: 201, description: "The message", schema: deliveryMessageAnswerSchema },
    errors: {
      404: "Unknown job, only offered to you, or held by another courier",
      409: "The delivery ended (delivered, failed or canceled)",
      429: "More than 10 messages a minute (Retry-After)",
    },
    fixture: { matrix: { fresh: true, path: { id: "$assignedJob" }, body: { body: "Matrix check" } } },
  }),
  op("GET /api/courier/events", {
    summary:
      "Server-Sent Events for the courier: `event: order` messages whose `stage` is job_offered (`detail: {jobId, offerExpiresAt}` or `{jobId, assigned: true}`), job_withdrawn or job_canceled (`detail: {jobId}`); `event: delivery` courier_message (`detail: {jobId, messageId}`: read the job's messages); resume with Last-Event-ID",
    access: courier,
    paging: eventStream,
    ok: streamAnswer,
    fixture: { matrix: { before: ["$ownerIsCourier"] } },
  }),
];

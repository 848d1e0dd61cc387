import { failedInputSchema, positionBodySchema, shiftInputSchema, stopStepSchema } from "@/lib/validation/courier";
import { pagingSchema } from "@/lib/validation/browse";
import { messageInputSchema } from "@/lib/validation/delivery-messages";
import { courierSummarySchema, deliveryMessageAnswerSchema, jobAnswerSchema, jobsSchema, messageThreadSchema, positionAnswerSchema, shiftSchema } from "../schemas";
import { op, courier, jobCourier, eventStream, type Operation } from "./define";

// The courier app (docs/architecture/couriers.md): shift, position, delivery jobs and their events.

export const courierOperations: Operation[] = [
  op({
    method: "GET",
    path: "/api/courier",
    resource: "Couriers",
    summary: "The courier's shift, last position, jobs held (and the limit), and today's deliveries and earnings",
    access: courier,
    paging: { unpaged: "the courier's own summary" },
    ok: { description: "The courier", schema: courierSummarySchema },
    errors: { 403: "Not a courier" },
  }),
  op({
    method: "PUT",
    path: "/api/courier/shift",
    resource: "Couriers",
    summary: "Go on or off shift; going off withdraws an open offer",
    access: courier,
    body: shiftInputSchema,
    ok: { description: "The shift", schema: shiftSchema },
    errors: { 403: "Not a courier", 409: "Going off shift while holding a job" },
  }),
  op({
    method: "POST",
    path: "/api/courier/position",
    resource: "Couriers",
    summary:
      "Report a position `{ lat, lng, accuracy?, ageMs? }` (or `at?`) or up to 50 `{ points }`; a point with `ageMs` (how long before the report it was taken, by the phone's own clock) is dated by the server's receipt time less that age, so a phone clock set wrong changes nothing; points dated in the future (a negative age) or implying more than 200 km/h are dropped; a courier carrying food sends its rounded position to that order's streams",
    access: courier,
    body: positionBodySchema,
    ok: { description: "How many points were kept and dropped", schema: positionAnswerSchema },
    errors: { 403: "Not a courier", 409: "Not on shift", 429: "More than one report a second (Retry-After)" },
  }),
  op({
    method: "GET",
    path: "/api/courier/jobs",
    resource: "Couriers",
    summary: "The courier's open offer and the jobs they hold",
    access: courier,
    paging: { unpaged: "a working set: the open offer and the jobs held, at most COURIER_MAX_JOBS + 1" },
    ok: { description: "The jobs", schema: jobsSchema },
    errors: { 403: "Not a courier" },
  }),
  op({
    method: "POST",
    path: "/api/courier/jobs/{id}/accept",
    resource: "Couriers",
    summary: "Accept the job you were offered (offered -> assigned) before the offer runs out; counts toward COURIER_MAX_JOBS",
    access: jobCourier,
    ok: { description: "The job", schema: jobAnswerSchema },
    errors: { 403: "Not a courier", 404: "Unknown job, or never offered to you", 409: "The offer expired, went to another courier, or you hold as many jobs as you may" },
  }),
  op({
    method: "POST",
    path: "/api/courier/jobs/{id}/decline",
    resource: "Couriers",
    summary: "Decline the offer (offered -> unassigned): it goes at once to the next nearest courier",
    access: jobCourier,
    ok: { description: "The job", schema: jobAnswerSchema },
    errors: { 403: "Not a courier", 404: "Unknown job, or never offered to you", 409: "The offer is no longer open" },
  }),
  op({
    method: "POST",
    path: "/api/courier/jobs/{id}/release",
    resource: "Couriers",
    summary: "Give the job back before pickup (assigned|at_pickup -> unassigned): it is offered to someone else",
    access: jobCourier,
    ok: { description: "The job", schema: jobAnswerSchema },
    errors: { 403: "Not a courier", 404: "Unknown job, or never offered to you", 409: "The job is not assigned to you before pickup" },
  }),
  op({
    method: "POST",
    path: "/api/courier/jobs/{id}/arrived",
    resource: "Couriers",
    summary:
      "You are at the restaurant (assigned -> at_pickup): your last position, under 2 minutes old, within 250 m of it plus its accuracy; else 409, or with `confirm: true` the step is taken and the job flagged for an operator (a flagged delivery's pay waits for their decision)",
    access: jobCourier,
    body: stopStepSchema,
    ok: { description: "The job", schema: jobAnswerSchema },
    errors: {
      403: "Not a courier",
      404: "Unknown job, or never offered to you",
      409: "The job is not assigned. The step away from its stop (no position in the last 2 minutes within DELIVERY_STOP_MARGIN_M (250 m) plus its accuracy): `errors.position` says why, unless `confirm: true`",
    },
  }),
  op({
    method: "POST",
    path: "/api/courier/jobs/{id}/picked-up",
    resource: "Couriers",
    summary: "You have the food (at_pickup -> picked_up): the order goes out for delivery. At the restaurant, as for arrived (or `confirm: true`: flagged)",
    access: jobCourier,
    body: stopStepSchema,
    ok: { description: "The job", schema: jobAnswerSchema },
    errors: {
      403: "Not a courier",
      404: "Unknown job, or never offered to you",
      409: "The job is not at pickup, or the order cannot go out. The step away from its stop (no position in the last 2 minutes within DELIVERY_STOP_MARGIN_M (250 m) plus its accuracy): `errors.position` says why, unless `confirm: true`",
    },
  }),
  op({
    method: "POST",
    path: "/api/courier/jobs/{id}/delivered",
    resource: "Couriers",
    summary:
      "The order is delivered (picked_up -> delivered): the order completes and your earnings are credited the pay once. At the drop-off, as for arrived; with `confirm: true` away from it the order still completes but the delivery is flagged and its pay waits for an operator's decision. JSON, or multipart/form-data with this JSON in `data` and the drop-off photo in `photo` (the profile picture's limits: PNG, JPEG or WebP, at most 5 MB; stored re-encoded without metadata, readable by the customer at the order's `dropoffPhotoUrl`): a \"Leave it at my door\" order (`dropoff.leaveAtDoor`) needs it",
    access: jobCourier,
    body: stopStepSchema,
    ok: { description: "The job", schema: jobAnswerSchema },
    errors: {
      400: "A photo that is not a PNG, JPEG or WebP image, or more than one (`photo`)",
      403: "Not a courier",
      404: "Unknown job, or never offered to you (checked before the photo is read)",
      409: 'The job is not picked up. A "Leave it at my door" order without a photo (`errors.photo`). The step away from its stop (no position in the last 2 minutes within DELIVERY_STOP_MARGIN_M (250 m) plus its accuracy): `errors.position` says why, unless `confirm: true`',
      413: "A photo larger than 5 MB",
    },
  }),
  op({
    method: "POST",
    path: "/api/courier/jobs/{id}/failed",
    resource: "Couriers",
    summary:
      "The delivery failed (picked_up -> failed) with a `reason` from a fixed list (unreachable, address_not_found, unsafe, other): the order is canceled with its label (Couldn't reach you, Address not found, Unsafe to deliver, Other) and refunded; the courier is not paid. The `note` (required with other) goes to the operators only",
    access: jobCourier,
    body: failedInputSchema,
    ok: { description: "The job", schema: jobAnswerSchema },
    errors: { 403: "Not a courier", 404: "Unknown job, or never offered to you", 409: "The job is not picked up" },
  }),
  op({
    method: "GET",
    path: "/api/courier/jobs/{id}/messages",
    resource: "Couriers",
    summary: "Your messages with the job's customer, oldest first (readable after the delivery too): by role, with no phone number or email on either side",
    access: jobCourier,
    paging: "limit-offset",
    query: pagingSchema,
    ok: { description: "The thread", schema: messageThreadSchema },
    errors: { 403: "Not a courier", 404: "Unknown job, only offered to you, or held by another courier" },
  }),
  op({
    method: "POST",
    path: "/api/courier/jobs/{id}/messages",
    resource: "Couriers",
    summary:
      "Write to the job's customer `{ body }` (trimmed, 1 to 500 characters) while you hold it (assigned, at pickup, picked up): a `courier_message` event wakes the customer's order stream",
    access: jobCourier,
    body: messageInputSchema,
    ok: { status: 201, description: "The message", schema: deliveryMessageAnswerSchema },
    errors: {
      403: "Not a courier",
      404: "Unknown job, only offered to you, or held by another courier",
      409: "The delivery ended (delivered, failed or canceled)",
      429: "More than 10 messages a minute (Retry-After)",
    },
  }),
  op({
    method: "GET",
    path: "/api/courier/events",
    resource: "Couriers",
    summary:
      "Server-Sent Events for the courier: `event: order` messages whose `stage` is job_offered (`detail: {jobId, offerExpiresAt}` or `{jobId, assigned: true}`), job_withdrawn or job_canceled (`detail: {jobId}`); `event: delivery` courier_message (`detail: {jobId, messageId}`: read the job's messages); resume with Last-Event-ID",
    access: courier,
    paging: eventStream,
    ok: { description: "An event stream", contentType: "text/event-stream" },
    errors: { 403: "Not a courier" },
  }),
];

import { deletedSchema } from "../common/schemas";
import { printerInputSchema } from "./rules";
import {
  cloudPrntConfirmQuery,
  cloudPrntJobQuery,
  cloudPrntPollAnswerSchema,
  cloudPrntPollSchema,
  createdPrinterSchema,
  printerListSchema,
  printJobsQueuedSchema,
  printJobStateSchema,
} from "./schemas";
import { op, printer, restaurantManager, restaurantStaff } from "../define";

// A restaurant's kitchen printers (docs/architecture/kitchen.md "Printers that print by themselves"):
// added and removed by its owner or a manager, read by its team (the board's status), and the
// printer's own Star CloudPRNT calls, with its HTTP Basic credentials (no session reaches them).

const POLL_URL = "/api/printers/cloudprnt";
/** The printer's own calls: listed under Printers, its HTTP Basic credentials the authority. */
const byPrinter = { resource: "Printers", access: printer } as const;
const NO_CREDENTIALS = "No, unknown or removed printer credentials (HTTP Basic)";

export const printerOperations = [
  op("GET /api/manage/{id}/printers", {
    summary: "The restaurant's kitchen printers with their last poll, status code and jobs waiting (never the password)",
    access: restaurantStaff,
    kitchenDevice: true,
    paging: { unpaged: "a capped working set: at most 10 printers" },
    ok: { description: "The printers", schema: printerListSchema },
    errors: { 404: "Unknown restaurant, or not on its team" },
    fixture: { matrix: { path: { id: "$restaurant" } } },
  }),
  op("POST /api/manage/{id}/printers", {
    summary: "Add a kitchen printer: the answer carries the CloudPRNT URL and the printer's password this once (only its SHA-256 is kept)",
    access: restaurantManager,
    body: printerInputSchema,
    ok: { status: 201, description: "The printer, its URL and password", schema: createdPrinterSchema },
    errors: { 404: "Unknown restaurant, or not on its team", 409: "The restaurant already holds 10 printers" },
    fixture: {
      matrix: { path: { id: "$restaurant" }, body: { name: "Matrix printer", prints: "kitchen" } },
      fuzz: { valid: { name: "Fuzz printer", prints: "both", staleMinutes: 30 } },
    },
  }),
  op("DELETE /api/manage/{id}/printers/{printerId}", {
    summary: "Remove a kitchen printer at once: its next poll is a 401, its jobs go with it",
    access: restaurantManager,
    ok: { description: "Removed", schema: deletedSchema },
    errors: { 404: "Unknown restaurant or printer, or not on its team" },
    fixture: { matrix: { path: { id: "$restaurant", printerId: "$printer" } } },
  }),
  op("POST /api/manage/{id}/orders/{orderId}/print", {
    summary: "Reprint an order's kitchen ticket on each of the restaurant's kitchen printers (queued: printed on their next poll)",
    access: restaurantStaff,
    kitchenDevice: true,
    ok: { status: 201, description: "How many jobs were queued (0: no kitchen printer)", schema: printJobsQueuedSchema },
    errors: { 404: "Unknown order, or not your restaurant's" },
    fixture: { matrix: { path: { id: "$restaurant", orderId: "$submittedOrder" } } },
  }),
  op(`POST ${POLL_URL}`, {
    ...byPrinter,
    summary: "A printer's poll (Star CloudPRNT): its status in, and whether a job waits, its token and the media types it is served in",
    body: cloudPrntPollSchema,
    ok: { description: "`jobReady`, and when ready `mediaTypes` and `jobToken`", schema: cloudPrntPollAnswerSchema },
    errors: { 401: NO_CREDENTIALS, 429: "Polling too often: retry after Retry-After seconds" },
    fixture: { matrix: { body: { statusCode: "200%20OK", printerMAC: "00:11:62:00:00:01" } } },
  }),
  op(`GET ${POLL_URL}`, {
    ...byPrinter,
    summary: "The job named by `token`, in the media type asked for; the job counts as printing until confirmed",
    paging: { unpaged: "one print job's document" },
    query: cloudPrntJobQuery,
    ok: { description: "The ticket as StarPRNT commands or plain text", contentType: "application/vnd.star.starprnt" },
    errors: { 401: NO_CREDENTIALS, 404: "No such job for this printer", 415: "A media type Nosh does not serve" },
    fixture: { matrix: { query: { token: "1", type: "text/plain" } } },
  }),
  op(`DELETE ${POLL_URL}`, {
    ...byPrinter,
    summary: "The printer confirms a job: `code` OK (2xx) marks it printed, another code failed; a second confirmation changes nothing",
    query: cloudPrntConfirmQuery,
    ok: { description: "Confirmed: the job's state now", schema: printJobStateSchema },
    errors: { 401: NO_CREDENTIALS, 404: "No such job for this printer" },
    fixture: { matrix: { query: { token: "1", code: "OK" } } },
  }),
];

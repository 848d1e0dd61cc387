import { Prisma } from "@/lib/generated/prisma/client";
import { expect, it } from "vitest";
import { errorResponse } from "./errors";

// Contention is "try again" (503 with Retry-After) on both databases, never a 500.
const busy = [
  new Error("SqliteError: database is locked"),
  new Prisma.PrismaClientKnownRequestError("Transaction failed due to a write conflict or a deadlock. Please retry your transaction", {
    code: "P2034",
    clientVersion: "7",
  }),
  new Error("canceling statement due to lock timeout"),
  new Error("sorry, too many clients already"),
  new Error("Transaction API error: Unable to start a transaction in the given time."),
];

it.each(busy.map((e) => [e.message, e]))("%s is a 503 with Retry-After", async (_, error) => {
  const response = errorResponse(error);
  expect(response.status).toBe(503);
  expect(response.headers.get("retry-after")).toBe("1");
});

it("anything else stays a 500", () => {
  const log = console.error;
  console.error = () => {};
  try {
    expect(errorResponse(new Error("boom")).status).toBe(500);
  } finally {
    console.error = log;
  }
});

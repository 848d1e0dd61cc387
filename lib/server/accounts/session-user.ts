import "server-only";
import type { User } from "@/lib/generated/prisma/client";

// Who is acting: every domain function takes the signed-in user as this type (lib/server/README.md).
// web/session.ts reads it from the session cookie and re-exports it for the folders below
// accounts/ (notifications/, wallet/, ledger/: accounts/users.ts builds on them).

/** The signed-in user as the domain takes it: the user's row, without the password hash. */
export type SessionUser = Omit<User, "passwordHash">;

import "server-only";
import type { User } from "@/lib/generated/prisma/client";

// Who is acting: every domain function takes the signed-in user as this type (lib/server/README.md),
// from here, the floor every folder stands on (it imports nothing of lib/server): web/session.ts
// reads it from the session cookie, and no domain reaches up to web/ or to accounts/ for it.

/** The signed-in user as the domain takes it: the user's row, without the password hash. */
export type SessionUser = Omit<User, "passwordHash">;

import { newPairingCode } from "@/lib/server/kitchen-devices/devices";
import { handle } from "@/lib/server/web/handle";

export const POST = handle("POST /api/manage/{id}/kitchen-devices/pairing", async ({ user, params }) => newPairingCode(user, params.id));

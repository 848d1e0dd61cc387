import { listKitchenDevices } from "@/lib/server/kitchen-devices/devices";
import { handle } from "@/lib/server/web/handle";

export const GET = handle("GET /api/manage/{id}/kitchen-devices", async ({ user, params }) => listKitchenDevices(user, params.id));

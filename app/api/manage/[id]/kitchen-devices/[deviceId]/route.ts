import { removeKitchenDevice } from "@/lib/server/kitchen-devices/devices";
import { handle } from "@/lib/server/web/handle";
import { said } from "@/lib/shared/words/said";

export const DELETE = handle("DELETE /api/manage/{id}/kitchen-devices/{deviceId}", async ({ user, params: { id, deviceId } }) => {
  await removeKitchenDevice(user, id, deviceId);
  return { message: said("done.kitchenDeviceRemoved"), id: deviceId };
});

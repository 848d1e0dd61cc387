import { cookies } from "next/headers";
import { pairKitchenDevice } from "@/lib/server/kitchen-devices/devices";
import { config } from "@/lib/server/platform/config";
import { clientAddress } from "@/lib/server/web/client-address";
import { handle } from "@/lib/server/web/handle";
import { markPersonal } from "@/lib/server/web/personal-answer";
import { KITCHEN_DEVICE_COOKIE_SECONDS } from "@/lib/shared/kitchen/devices";
import { KITCHEN_DEVICE_COOKIE } from "@/lib/shared/web/storage-keys";
import { said } from "@/lib/shared/words/said";

// A tablet pairs with its restaurant's code (docs/architecture/kitchen.md "A board that lives on a
// tablet"): its token goes into its own httpOnly cookie, beside (never into) any session.
export const POST = handle("POST /api/kitchen/pair", async ({ request, body }) => {
  const { device, token } = await pairKitchenDevice(body, clientAddress(request, config().trustProxy));
  markPersonal();
  (await cookies()).set(KITCHEN_DEVICE_COOKIE, token, {
    httpOnly: true,
    sameSite: "lax",
    secure: config().secureCookies,
    path: "/",
    maxAge: KITCHEN_DEVICE_COOKIE_SECONDS,
  });
  return { message: said("done.kitchenDevicePaired", { name: device.name }), device, boardUrl: `/restaurants/${device.restaurantId}/orders` };
});

import { said } from "../words/said";
import { roundKm } from "./delivery";

// Apart from delivery.ts, which the owner's and the customer's pages load: only the server says it.

/** The 422 of a delivery beyond the radius, said: beside the address at checkout, or beside a delivery quote's drop-off. */
export const tooFarMessage = (km: number, restaurantName: string, radiusKm: number, place: "address" | "dropoff" = "address") =>
  said(place === "address" ? "messages.addressTooFar" : "messages.dropoffTooFar", { km: roundKm(km), name: restaurantName, radius: roundKm(radiusKm) });

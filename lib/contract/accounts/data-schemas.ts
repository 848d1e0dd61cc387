import { z } from "zod";
import { id, instant } from "../common/schemas";
import { exportedNotificationSchema, exportedPushSubscriptionSchema } from "../notifications/schemas";
import { orderSchema } from "../orders/schemas";
import { problemSchema } from "../problems/schemas";
import { reviewSchema } from "../reviews/schemas";
import { userSchema } from "./schemas";
import { walletTransactionSchema } from "../wallet/schemas";

// A customer's own data (docs/architecture/customer-data.md "Customers own their data").
export const favouriteSchema = z.object({
  menuItemId: id,
  name: z.string(),
  restaurantId: id,
  restaurantName: z.string(),
  likedAt: instant,
});
export type FavouriteJson = z.infer<typeof favouriteSchema>;

export const dataExportSchema = z.object({
  exportedAt: instant,
  profile: userSchema.extend({ createdAt: instant }),
  orders: z.array(orderSchema).meta({ description: "Every order, oldest first, with its lines and their chosen options" }),
  reviews: z.array(reviewSchema),
  favourites: z.array(favouriteSchema),
  problemReports: z.array(problemSchema).meta({ description: "Every problem report the customer sent, oldest first, with its decision and refund" }),
  notifications: z.array(exportedNotificationSchema).meta({ description: "Every notification written for the customer, oldest first: in the app, by email and by push" }),
  pushSubscriptions: z.array(exportedPushSubscriptionSchema).meta({ description: "The devices push notifications are turned on for" }),
  walletStatement: z.array(walletTransactionSchema).meta({ description: "Every ledger row, oldest first" }),
});
export type DataExportJson = z.infer<typeof dataExportSchema>;

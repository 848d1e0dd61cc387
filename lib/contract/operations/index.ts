import { accountSecurityOperations } from "./account-security";
import { addressOperations } from "./addresses";
import { apiKeyOperations } from "./api-keys";
import { webhookOperations } from "./webhooks";
import { deliveryOperations } from "./deliveries";
import { authOperations } from "./auth";
import { courierEarningOperations } from "./courier-earnings";
import { courierRatingOperations } from "./courier-ratings";
import { courierRecordOperations } from "./courier-record";
import { courierOperations } from "./couriers";
import { courierOnboardingOperations } from "./courier-onboarding";
import { operationKey, type Operation } from "./define";
import { favoriteOperations } from "./favorites";
import { groupOrderOperations } from "./group-orders";
import { legalOperations } from "./legal";
import { supportOperations } from "./support";
import { liveOperations } from "./live";
import { manageOperations } from "./manage";
import { manageMoneyOperations } from "./manage-money";
import { manageOrderOperations } from "./manage-orders";
import { managePromotionOperations } from "./manage-promotions";
import { manageSectionOperations } from "./manage-sections";
import { menuFileOperations } from "./menu-file";
import { menuItemOperations } from "./menu-items";
import { metaOperations } from "./meta";
import { notificationOperations } from "./notifications";
import { operatorOperations } from "./operator";
import { operatorOrderOperations } from "./operator-orders";
import { taxOperations } from "./tax";
import { marketOperations } from "./markets";
import { reconciliationOperations } from "./reconciliation";
import { disputeOperations } from "./disputes";
import { topUpLimitOperations } from "./top-up-limits";
import { deliveryPricingOperations } from "./delivery-pricing";
import { zoneOperations } from "./zones";
import { teamOperations } from "./team";
import { orderOperations } from "./orders";
import { orderChangeOperations } from "./order-changes";
import { paymentOperations } from "./payments";
import { payoutAccountOperations } from "./payout-accounts";
import { problemOperations } from "./problems";
import { restaurantOperations } from "./restaurants";
import { reviewOperations } from "./reviews";
import { reviewReplyOperations } from "./review-replies";
import { searchOperations } from "./search";
import { userOperations } from "./users";

export * from "./define";

// Every API operation: the one declaration of a route besides its route file, collected from
// one module per resource (how to declare one: ./define.ts). Their order here is the order of
// the OpenAPI document's paths and of the reference page's operations.

export const OPERATIONS = [
  ...authOperations,
  ...accountSecurityOperations,
  ...userOperations,
  ...liveOperations,
  ...addressOperations,
  ...searchOperations,
  ...restaurantOperations,
  ...manageOperations,
  ...manageOrderOperations,
  ...managePromotionOperations,
  ...manageSectionOperations,
  ...menuFileOperations,
  ...manageMoneyOperations,
  ...teamOperations,
  ...apiKeyOperations,
  ...webhookOperations,
  ...deliveryOperations,
  ...menuItemOperations,
  ...favoriteOperations,
  ...orderOperations,
  ...orderChangeOperations,
  ...groupOrderOperations,
  ...reviewOperations,
  ...reviewReplyOperations,
  ...courierOperations,
  ...courierOnboardingOperations,
  ...notificationOperations,
  ...courierEarningOperations,
  ...courierRatingOperations,
  ...courierRecordOperations,
  ...payoutAccountOperations,
  ...problemOperations,
  ...paymentOperations,
  ...operatorOperations,
  ...operatorOrderOperations,
  ...taxOperations,
  ...marketOperations,
  ...reconciliationOperations,
  ...disputeOperations,
  ...topUpLimitOperations,
  ...deliveryPricingOperations,
  ...zoneOperations,
  ...legalOperations,
  ...supportOperations,
  ...metaOperations,
];

/** Every declared operation, each with its own method, path, access, body and query types (handle() reads them). */
export type DeclaredOperation = (typeof OPERATIONS)[number];
type KeyOf<O> = O extends { method: infer M extends string; path: infer P extends string } ? `${M} ${P}` : never;
/** "PUT /api/orders/{id}/submit": every declared operation's key (operationKey). */
export type OperationKey = KeyOf<DeclaredOperation>;
/** The declaration of the operation `key` names. */
export type OperationAt<K extends OperationKey> = DeclaredOperation extends infer O ? (O extends unknown ? (KeyOf<O> extends K ? O : never) : never) : never;

/** The operations by "METHOD /api/path/{param}" (operationKey). */
export const OPERATIONS_BY_KEY: ReadonlyMap<string, Operation> = new Map(OPERATIONS.map((operation) => [operationKey(operation), operation]));

/** An operation's key as the route files on disk name it: "PUT /api/orders/[id]/submit" (e2e/support/matrix.ts). */
export const routeKey = (operation: Pick<Operation, "method" | "path">) => operationKey(operation).replace(/\{(\w+)\}/g, "[$1]");

import { accountSecurityOperations } from "./accounts/security-operations";
import { signInOperations } from "./accounts/sign-in-operations";
import { addressOperations } from "./addresses/operations";
import { apiKeyOperations } from "./api-keys/operations";
import { printerOperations } from "./printers/operations";
import { posOperations } from "./pos/operations";
import { kitchenDeviceOperations } from "./kitchen-devices/operations";
import { webhookOperations } from "./webhooks/operations";
import { deliveryOperations } from "./deliveries/operations";
import { authOperations } from "./accounts/auth-operations";
import { courierEarningOperations } from "./couriers/earnings-operations";
import { courierRatingOperations } from "./couriers/rating-operations";
import { courierRecordOperations } from "./couriers/record-operations";
import { courierOperations } from "./couriers/operations";
import { courierOnboardingOperations } from "./couriers/onboarding-operations";
import { operationKey, type Operation } from "./define";
import { favoriteOperations } from "./restaurants/favorite-operations";
import { groupOrderOperations } from "./group-orders/operations";
import { giftCardOperations } from "./gift-cards/operations";
import { cashOperations } from "./cash/operations";
import { membershipOperations } from "./membership/operations";
import { legalOperations } from "./legal/operations";
import { supportOperations } from "./support/operations";
import { liveOperations } from "./orders/live-operations";
import { manageOperations } from "./restaurants/manage-operations";
import { manageMoneyOperations } from "./payouts/restaurant-money-operations";
import { manageOrderOperations } from "./orders/manage-operations";
import { managePromotionOperations, platformOfferOperations } from "./promotions/operations";
import { manageSectionOperations } from "./menu/section-operations";
import { menuFileOperations } from "./menu/file-operations";
import { menuItemOperations } from "./menu/operations";
import { metaOperations } from "./common/meta-operations";
import { notificationOperations } from "./notifications/operations";
import { textOperations } from "./texts/operations";
import { callOperations } from "./calls/operations";
import { operatorOperations } from "./operators/operations";
import { operatorOrderOperations } from "./operators/order-operations";
import { taxOperations } from "./tax/operations";
import { marketOperations } from "./markets/operations";
import { reconciliationOperations } from "./payments/reconciliation-operations";
import { disputeOperations } from "./disputes/operations";
import { topUpLimitOperations } from "./wallet/top-up-limit-operations";
import { deliveryPricingOperations } from "./deliveries/pricing-operations";
import { zoneOperations } from "./zones/operations";
import { teamOperations } from "./team/operations";
import { orderOperations } from "./orders/operations";
import { orderChangeOperations } from "./order-changes/operations";
import { paymentOperations } from "./payments/operations";
import { payoutAccountOperations } from "./payouts/account-operations";
import { problemOperations } from "./problems/operations";
import { restaurantOperations } from "./restaurants/operations";
import { reviewOperations } from "./reviews/operations";
import { reviewReplyOperations } from "./reviews/reply-operations";
import { searchOperations } from "./search/operations";
import { userOperations } from "./accounts/operations";

export * from "./define";

// Every API operation: the one declaration of a route besides its route file, collected from
// one module per resource (how to declare one: ./define.ts). Their order here is the order of
// the OpenAPI document's paths and of the reference page's operations.

export const OPERATIONS = [
  ...authOperations,
  ...accountSecurityOperations,
  ...signInOperations,
  ...userOperations,
  ...liveOperations,
  ...addressOperations,
  ...searchOperations,
  ...restaurantOperations,
  ...manageOperations,
  ...manageOrderOperations,
  ...managePromotionOperations,
  ...platformOfferOperations,
  ...manageSectionOperations,
  ...menuFileOperations,
  ...manageMoneyOperations,
  ...teamOperations,
  ...apiKeyOperations,
  ...printerOperations,
  ...posOperations,
  ...kitchenDeviceOperations,
  ...webhookOperations,
  ...deliveryOperations,
  ...menuItemOperations,
  ...favoriteOperations,
  ...orderOperations,
  ...orderChangeOperations,
  ...groupOrderOperations,
  ...giftCardOperations,
  ...cashOperations,
  ...membershipOperations,
  ...reviewOperations,
  ...reviewReplyOperations,
  ...courierOperations,
  ...courierOnboardingOperations,
  ...notificationOperations,
  ...textOperations,
  ...callOperations,
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
export type OperationAt<K extends OperationKey> = OperationsByKey[K];
// One lookup, not a conditional over every declaration per call: with some 400 operations the
// distributive form made TypeScript give up on eight routes ("a union type that is too complex").
type OperationsByKey = { [O in DeclaredOperation as KeyOf<O>]: O };

/** The operations by "METHOD /api/path/{param}" (operationKey). */
export const OPERATIONS_BY_KEY: ReadonlyMap<string, Operation> = new Map(OPERATIONS.map((operation) => [operationKey(operation), operation]));

/** An operation's key as the route files on disk name it: "PUT /api/orders/[id]/submit" (e2e/support/matrix.ts). */
export const routeKey = (operation: Pick<Operation, "method" | "path">) => operationKey(operation).replace(/\{(\w+)\}/g, "[$1]");

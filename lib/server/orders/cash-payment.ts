import "server-only";
import type { SubmitOrderInput } from "@/lib/contract/orders/checkout-rules";
import { formatCents } from "@/lib/shared/money/money";
import { said } from "@/lib/shared/words/said";
import { badRequest } from "../platform/errors";
import type { SessionUser } from "../platform/session-user";
import { insertCashOrder, isCardOnly, orderCashSetting } from "../cash/queries";
import type { OrderPayment } from "./payment";

/**
 * Cash at the door (docs/architecture/ledger.md "Cash at the door"): the checkout's third way to pay, beside the
 * wallet and a card, handed to the placement by pay-and-place.ts. Called in the placement's
 * transaction with the order written: nothing is posted (no money moves until the courier collects
 * it: courier-steps/cash.ts); a refusal throws and the placement rolls back. Refused (400, the field named):
 * a market without cash, a pickup (the courier takes the cash), a customer limited to cards, and a
 * bill missing or smaller than the total (`cashBill`, with the total).
 */
export function cashPayment(user: SessionUser, input: SubmitOrderInput, fields: string): OrderPayment {
  return {
    method: "cash",
    pay: async (sql, order) => {
      const method = `${fields}paymentMethod`;
      const setting = await orderCashSetting(sql, order.id);
      if (!setting?.cashEnabled) throw badRequest(said("messages.cashNotHere"), { [method]: said("messages.cashNotHere") });
      if (input.deliveryOption === "pickup") throw badRequest(said("messages.cashDeliveryOnly"), { [method]: said("messages.cashDeliveryOnly") });
      if (await isCardOnly(sql, user.id)) throw badRequest(said("messages.cashCardOnly"), { [method]: said("messages.cashCardOnly") });
      const bill = `${fields}cashBill`;
      if (input.cashBill === undefined) throw badRequest(said("messages.cashBillMissing"), { [bill]: said("messages.cashBillMissing") });
      if (input.cashBill < order.totalCents) {
        const short = said("messages.cashBillShort", { total: formatCents(order.totalCents, { currency: order.currency ?? setting.currency }) });
        throw badRequest(short, { [bill]: short });
      }
      await insertCashOrder(sql, order.id, input.cashBill, new Date());
    },
  };
}

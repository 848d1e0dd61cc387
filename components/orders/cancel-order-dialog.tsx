"use client";
import { useAlerts } from "@/components/providers/alerts-provider";
import { useSession } from "@/components/providers/session-provider";
import { buttonClass } from "@/components/ui/button";
import { DialogActions } from "@/components/ui/dialog-actions";
import { Dialog } from "@/components/ui/dialog";
import { formatMoney } from "@/components/ui/format";
import { api } from "@/lib/client/api";
import { useApiAction } from "@/lib/client/use-api-action";
import type { OrderJson } from "@/lib/server/orders/to-json";
import type { Locale } from "@/lib/i18n/locale";
import type { Words } from "@/lib/i18n/words";
import { fill } from "@/lib/shared/words/fill";
import styles from "./orders.module.css";

/** Its words: the catalogue's orderflow.orders.cancel. */
export type CancelWords = Words<"orderflow">["orders"]["cancel"];

type CancelOrderDialogProps = {
  order: OrderJson;
  open: boolean;
  onClose: () => void;
  onCanceled: (order: OrderJson) => void;
  /** Its words and the amounts' language, from the server. */
  lang: { words: CancelWords; locale: Locale };
};

/** Confirms PUT /api/orders/{id}/cancel; a wallet payment comes back to the wallet. */
export function CancelOrderDialog({ order, open, onClose, onCanceled, lang: { words: w, locale } }: CancelOrderDialogProps) {
  const money = (dollars: number) => formatMoney(dollars, locale, order.currency);
  const { show } = useAlerts();
  const { refresh } = useSession();
  const wallet = order.paymentMethod === "wallet";
  const canceling = useApiAction(() => api<OrderJson>(`/api/orders/${order.id}/cancel`, { method: "PUT" }), {
    onSuccess: (canceled) => {
      if (wallet) void refresh();
      show(fill(wallet ? w.toastWallet : order.paymentMethod === "cash" ? w.toastCash : w.toastCard, { amount: money(canceled.totalCost) }), "success");
      onCanceled(canceled);
    },
  });
  const { busy, message: error } = canceling;
  const cancel = () => void canceling.run();

  return (
    <Dialog open={open} onClose={onClose} title={w.title}>
      <div className={styles.dialogBody}>
        <p>
          {fill(w.text, { restaurant: order.restaurant.name, amount: money(order.totalCost) })}{" "}
          {wallet ? fill(w.backToWallet, { amount: money(order.totalCost) }) : w.cannotUndo}
        </p>
        <DialogActions error={error} back={w.keep} onBack={onClose}>
          <button type="button" className={buttonClass()} onClick={cancel} disabled={busy}>
            {busy ? w.canceling : w.confirm}
          </button>
        </DialogActions>
      </div>
    </Dialog>
  );
}

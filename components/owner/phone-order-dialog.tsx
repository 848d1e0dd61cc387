"use client";
import { useEffect, useRef, useState, type ComponentProps, type FormEvent } from "react";
import { buttonClass } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { formatMoney } from "@/components/ui/format";
import { TextAreaField } from "@/components/ui/text-area-field";
import { TextField } from "@/components/ui/text-field";
import type { MenuItemJson } from "@/lib/contract/menu-item-schemas";
import { api, ApiClientError, SERVER_FAILURE } from "@/lib/client/api";
import type { BoardOrder } from "./board-types";
import { PayLinkPanel, type PlacedPhoneOrder } from "./pay-link-panel";
import boardStyles from "./board.module.css";
import { fill } from "@/lib/shared/fill";
import type { Locale } from "@/lib/i18n/locale";
import type { PhoneWords } from "./board-types";
import styles from "./phone-order.module.css";

// A phone order (docs/architecture/phone-orders.md): the customer's name and phone, pickup or
// delivery (the address), the dishes and their quantities; paid at pickup or at the door. Placed
// by POST /api/manage/{id}/phone-orders like any order; a refusal is said beside its field.

type Field = "name" | "phone" | "street" | "unit" | "city" | "state" | "zip" | "notes";
type Errors = Partial<Record<Field | "items" | "form", string>>;

const EMPTY: Record<Field, string> = { name: "", phone: "", street: "", unit: "", city: "", state: "", zip: "", notes: "" };

/** A dish the form can take: not sold out (the JSON's soldOutUntil is null once passed) and needing no choice (the phone form has no choice picker). */
const orderable = (dish: MenuItemJson) => !dish.optionGroups.some((group) => group.required) && !dish.soldOutUntil;

/** The order's refusal, its messages placed beside the form's fields ("items.0" under the dishes); the rest at the top. */
function errorsOf(failure: unknown): Errors {
  if (!(failure instanceof ApiClientError)) return { form: SERVER_FAILURE };
  const errors: Errors = {};
  for (const [name, message] of Object.entries(failure.errors)) {
    if (name in EMPTY) errors[name as Field] = message;
    else if (name.startsWith("items")) errors.items = message;
    else errors.form = message;
  }
  if (!Object.keys(errors).length || (failure.status >= 409 && !errors.form)) errors.form = failure.message || SERVER_FAILURE;
  return errors;
}

export function PhoneOrderDialog({
  restaurantId,
  open,
  onClose,
  onPlaced,
  words,
  locale,
}: {
  restaurantId: number;
  words: PhoneWords;
  locale: Locale;
  open: boolean;
  onClose: () => void;
  onPlaced: (order: BoardOrder) => void;
}) {
  const [values, setValues] = useState(EMPTY);
  const [delivery, setDelivery] = useState(false);
  const [quantities, setQuantities] = useState<Record<number, number>>({});
  const [menu, setMenu] = useState<MenuItemJson[] | null>(null);
  const [menuFailed, setMenuFailed] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const [byLink, setByLink] = useState(false);
  // Paid by a link: the placed order and its link, shown until the staff member is done with it.
  const [linked, setLinked] = useState<PlacedPhoneOrder | null>(null);
  // One key per order being entered: a second tap (or a retry after a lost answer) places nothing more.
  const key = useRef(crypto.randomUUID());

  useEffect(() => {
    if (!open || menu) return;
    api<MenuItemJson[]>(`/api/menu-items?restaurantId=${restaurantId}&limit=100`)
      .then(setMenu)
      .catch(() => setMenuFailed(true));
  }, [open, menu, restaurantId]);

  const set = (field: Field, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors(({ [field]: _cleared, ...rest }) => rest);
  };
  const field = (name: Field, label: string, extra: Partial<ComponentProps<typeof TextField>> = {}) => (
    <TextField label={label} name={name} value={values[name]} onChange={(event) => set(name, event.target.value)} error={errors[name]} {...extra} />
  );
  const setQuantity = (id: number, quantity: number) => {
    setQuantities((q) => ({ ...q, [id]: Math.max(0, Math.min(99, quantity)) }));
    setErrors(({ items: _cleared, ...rest }) => rest);
  };

  const dishes = menu ?? [];
  const chosen = dishes.filter((dish) => (quantities[dish.id] ?? 0) > 0);
  const itemsTotal = chosen.reduce((sum, dish) => sum + dish.price * quantities[dish.id]!, 0);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const wrong: Errors = {};
    if (!values.name.trim()) wrong.name = words.nameMissing;
    if (values.phone.replace(/[\s().-]/g, "").length !== 10) wrong.phone = words.phoneMissing;
    if (delivery)
      for (const [name, label] of [
        ["street", words.streetMissing],
        ["city", words.cityMissing],
        ["state", words.stateMissing],
        ["zip", words.zipMissing],
      ] as const)
        if (!values[name].trim()) wrong[name] = label;
    if (!chosen.length) wrong.items = words.itemsMissing;
    setErrors(wrong);
    if (Object.keys(wrong).length) return;
    setBusy(true);
    try {
      const address = delivery ? { street: values.street, unit: values.unit, city: values.city, state: values.state, zip: values.zip, notes: values.notes } : {};
      const order = await api<PlacedPhoneOrder>(`/api/manage/${restaurantId}/phone-orders`, {
        method: "POST",
        headers: { "Idempotency-Key": key.current },
        body: {
          name: values.name,
          phone: values.phone,
          fulfilment: delivery ? "delivery" : "pickup",
          payment: byLink ? "link" : "door",
          ...address,
          items: chosen.map((dish) => ({ menu_item_id: dish.id, quantity: quantities[dish.id] })),
        },
      });
      key.current = crypto.randomUUID();
      setValues(EMPTY);
      setQuantities({});
      setDelivery(false);
      setByLink(false);
      if (order.payLink) setLinked(order);
      else onPlaced(order);
    } catch (failure) {
      // Refused: nothing was placed, so the same key may be sent again with the fixes.
      if (failure instanceof ApiClientError && failure.status < 500) key.current = crypto.randomUUID();
      setErrors(errorsOf(failure));
    } finally {
      setBusy(false);
    }
  };

  if (linked?.payLink) {
    const done = () => {
      setLinked(null);
      onPlaced(linked);
    };
    return (
      <Dialog open={open} onClose={done} title={fill(words.linkTitle, { id: linked.id })}>
        <PayLinkPanel order={linked} link={linked.payLink} onDone={done} words={words.link} locale={locale} />
      </Dialog>
    );
  }

  return (
    <Dialog open={open} onClose={onClose} title={words.title}>
      <form className={boardStyles.dialogForm} onSubmit={(event) => void submit(event)} noValidate>
        {errors.form && (
          <p role="alert" className={boardStyles.error}>
            {errors.form}
          </p>
        )}
        <fieldset className={styles.group}>
          <legend className={boardStyles.legend}>{words.customer}</legend>
          {field("name", words.name, { autoComplete: "off", maxLength: 60 })}
          {field("phone", words.phone, { type: "tel", inputMode: "tel", autoComplete: "off", hint: words.phoneHint })}
        </fieldset>
        <fieldset className={boardStyles.choices}>
          <legend className={boardStyles.legend}>{words.fulfilment}</legend>
          <label className={boardStyles.choice}>
            <input type="radio" name="fulfilment" value="pickup" checked={!delivery} onChange={() => setDelivery(false)} />
            {words.pickup}
          </label>
          <label className={boardStyles.choice}>
            <input type="radio" name="fulfilment" value="delivery" checked={delivery} onChange={() => setDelivery(true)} />
            {words.delivery}
          </label>
        </fieldset>
        {delivery && (
          <fieldset className={styles.group}>
            <legend className={boardStyles.legend}>{words.address}</legend>
            {field("street", words.street, { autoComplete: "off" })}
            <div className={styles.row}>
              {field("unit", words.unit, { autoComplete: "off" })}
              {field("city", words.city, { autoComplete: "off" })}
            </div>
            <div className={styles.row}>
              {field("state", words.state, { autoComplete: "off", maxLength: 30 })}
              {field("zip", words.zip, { inputMode: "numeric", autoComplete: "off", maxLength: 10 })}
            </div>
            <TextAreaField label={words.notes} name="notes" value={values.notes} onChange={(event) => set("notes", event.target.value)} rows={2} />
          </fieldset>
        )}
        <fieldset className={styles.group} aria-describedby={errors.items ? "phone-order-items-error" : undefined}>
          <legend className={boardStyles.legend}>{words.dishes}</legend>
          {!menu && !menuFailed && <p className={boardStyles.dialogText}>{words.loadingMenu}</p>}
          {menuFailed && <p className={boardStyles.error}>{words.menuFailed}</p>}
          {menu && !dishes.length && <p className={boardStyles.dialogText}>{words.noDishes}</p>}
          {errors.items && (
            <p id="phone-order-items-error" className={boardStyles.fieldError} role="alert">
              {errors.items}
            </p>
          )}
          <ul className={styles.dishes}>
            {dishes.map((dish) => {
              const quantity = quantities[dish.id] ?? 0;
              const can = orderable(dish);
              return (
                <li key={dish.id} className={styles.dish}>
                  <span className={styles.dishName}>
                    {dish.name} <span className={boardStyles.dialogText}>{formatMoney(dish.price, locale)}</span>
                    {!can && <span className={styles.dishNote}>{words.needsChoice}</span>}
                  </span>
                  {can && (
                    <span className={styles.stepper} role="group" aria-label={fill(words.quantityOf, { name: dish.name })}>
                      <button
                        type="button"
                        className={styles.step}
                        onClick={() => setQuantity(dish.id, quantity - 1)}
                        disabled={!quantity}
                        aria-label={fill(words.fewer, { name: dish.name })}
                      >
                        −
                      </button>
                      <span className={styles.quantity} aria-live="polite">
                        {quantity}
                      </span>
                      <button
                        type="button"
                        className={styles.step}
                        onClick={() => setQuantity(dish.id, quantity + 1)}
                        disabled={quantity >= 99}
                        aria-label={fill(words.more, { name: dish.name })}
                      >
                        +
                      </button>
                    </span>
                  )}
                </li>
              );
            })}
          </ul>
        </fieldset>
        <fieldset className={boardStyles.choices}>
          <legend className={boardStyles.legend}>{words.payment}</legend>
          <label className={boardStyles.choice}>
            <input type="radio" name="payment" value="door" checked={!byLink} onChange={() => setByLink(false)} />
            {delivery ? words.atDoor : words.atPickup}
          </label>
          <label className={boardStyles.choice}>
            <input type="radio" name="payment" value="link" checked={byLink} onChange={() => setByLink(true)} />
            {words.byLink}
          </label>
        </fieldset>
        <p className={styles.summary}>
          <strong>{fill(words.items, { amount: formatMoney(itemsTotal, locale) })}</strong>
          {words.fees} {byLink ? words.linkNote : delivery ? words.paidDoor : words.paidPickup}
        </p>
        <div className={boardStyles.dialogActions}>
          <button type="button" className={buttonClass({ variant: "secondary" })} onClick={onClose}>
            {words.back}
          </button>
          <button type="submit" className={buttonClass()} disabled={busy}>
            {busy ? words.placing : words.place}
          </button>
        </div>
      </form>
    </Dialog>
  );
}

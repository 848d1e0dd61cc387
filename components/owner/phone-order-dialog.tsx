"use client";
import { useEffect, useRef, useState, type ComponentProps, type FormEvent } from "react";
import { buttonClass } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { formatMoney } from "@/components/ui/format";
import { TextAreaField } from "@/components/ui/text-area-field";
import { TextField } from "@/components/ui/text-field";
import type { MenuItemJson } from "@/lib/contract/menu/schemas";
import { api } from "@/lib/client/api";
import { useApiAction, type ApiFailure } from "@/lib/client/use-api-action";
import type { BoardOrder, PhoneWords } from "./board-types";
import { PayLinkPanel, type PlacedPhoneOrder } from "./pay-link-panel";
import { itemsOf, lineAmount, PhoneOrderDishes, PhoneOrderPicker, withLine, type PhoneLine } from "./phone-order-dishes";
import boardStyles from "./board.module.css";
import { fill } from "@/lib/shared/words/fill";
import type { Locale } from "@/lib/i18n/locale";
import type { Words } from "@/lib/i18n/words";
import styles from "./phone-order.module.css";

// A phone order (docs/architecture/phone-orders.md): the customer's name and phone, pickup or who
// delivers (the restaurant's own staff: no Nosh courier, no Nosh fee; or a Nosh courier at Nosh's
// fee, paid by a link), the address, the dishes with their choices (the customer's own picker) and
// their quantities; paid at pickup or at the door, or by a link. Placed by POST
// /api/manage/{id}/phone-orders like any order; a refusal is said beside its field or its line.

type Field = "name" | "phone" | "street" | "unit" | "city" | "state" | "zip" | "notes";
type Errors = Partial<Record<Field | "items" | "form", string>>;
type Fulfilment = "pickup" | "delivery" | "courier";

const EMPTY: Record<Field, string> = { name: "", phone: "", street: "", unit: "", city: "", state: "", zip: "", notes: "" };

/** The order's refusal: its messages beside the form's fields, a line's ("items.2.options") beside that line, the rest at the top. */
function errorsOf(failure: ApiFailure): { errors: Errors; lines: Record<number, string> } {
  const errors: Errors = {};
  const lines: Record<number, string> = {};
  for (const [name, message] of Object.entries(failure.errors)) {
    const line = /^items\.(\d+)/.exec(name);
    if (name in EMPTY) errors[name as Field] = message;
    else if (line) lines[Number(line[1])] = message;
    else if (name.startsWith("items")) errors.items = message;
    else errors.form = message;
  }
  if (!Object.keys(failure.errors).length || (failure.status >= 409 && !errors.form)) errors.form = failure.message;
  return { errors, lines };
}

type DialogProps = {
  restaurantId: number;
  /** The board's phone words, and the customer's dish dialog's (dish.choices) for the picker. */
  words: PhoneWords;
  choices: Words<"dish">["choices"];
  locale: Locale;
  open: boolean;
  onClose: () => void;
  onPlaced: (order: BoardOrder) => void;
};

export function PhoneOrderDialog({ restaurantId, open, onClose, onPlaced, words, choices, locale }: DialogProps) {
  const [values, setValues] = useState(EMPTY);
  const [fulfilment, setFulfilment] = useState<Fulfilment>("pickup");
  const [lines, setLines] = useState<PhoneLine[]>([]);
  const [menu, setMenu] = useState<MenuItemJson[] | null>(null);
  const [menuFailed, setMenuFailed] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  const [lineErrors, setLineErrors] = useState<Record<number, string>>({});
  const [byLink, setByLink] = useState(false);
  // The dish whose choices are open (the customer's picker, in place of the form), and the one to return focus to.
  const [choosing, setChoosing] = useState<MenuItemJson | null>(null);
  const returnTo = useRef<number | null>(null);
  // Paid by a link: the placed order and its link, shown until the staff member is done with it.
  const [linked, setLinked] = useState<PlacedPhoneOrder | null>(null);
  // One key per order being entered: a second tap (or a retry after a lost answer) places nothing more.
  const key = useRef(crypto.randomUUID());
  const delivery = fulfilment !== "pickup";
  // A Nosh courier does not collect cash: a courier's delivery is paid by the link.
  const payByLink = byLink || fulfilment === "courier";

  useEffect(() => {
    if (!open || menu) return;
    api<MenuItemJson[]>(`/api/menu-items?restaurantId=${restaurantId}&limit=100`)
      .then(setMenu)
      .catch(() => setMenuFailed(true));
  }, [open, menu, restaurantId]);

  useEffect(() => {
    // Back from a dish's choices: to its Choose button (the picker takes the focus itself when it opens).
    if (!choosing && returnTo.current !== null) document.getElementById(`phone-choose-${returnTo.current}`)?.focus();
  }, [choosing]);

  const place = useApiAction(
    (body: Record<string, unknown>) =>
      api<PlacedPhoneOrder>(`/api/manage/${restaurantId}/phone-orders`, { method: "POST", headers: { "Idempotency-Key": key.current }, body }),
    {
      onError: (failure) => {
        // Refused: nothing was placed, so the same key may be sent again with the fixes.
        if (failure.status > 0 && failure.status < 500) key.current = crypto.randomUUID();
        const refused = errorsOf(failure);
        setErrors(refused.errors);
        setLineErrors(refused.lines);
      },
    },
  );

  const set = (field: Field, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors(({ [field]: _cleared, ...rest }) => rest);
  };
  const field = (name: Field, label: string, extra: Partial<ComponentProps<typeof TextField>> = {}) => (
    <TextField label={label} name={name} value={values[name]} onChange={(event) => set(name, event.target.value)} error={errors[name]} {...extra} />
  );
  const add: ComponentProps<typeof PhoneOrderDishes>["onAdd"] = (dish, chosen, by) => {
    setLines((current) => withLine(current, dish, chosen, by));
    setErrors(({ items: _cleared, form: _form, ...rest }) => rest);
    setLineErrors({});
  };
  const choose = (dish: MenuItemJson | null) => {
    if (dish) returnTo.current = dish.id;
    setChoosing(dish);
  };

  const itemsTotal = lines.reduce((sum, line) => sum + lineAmount(line), 0);

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
    if (!lines.length) wrong.items = words.itemsMissing;
    setErrors(wrong);
    setLineErrors({});
    if (Object.keys(wrong).length) return;
    const address = delivery ? { street: values.street, unit: values.unit, city: values.city, state: values.state, zip: values.zip, notes: values.notes } : {};
    const order = await place.run({
      name: values.name,
      phone: values.phone,
      fulfilment,
      payment: payByLink ? "link" : "door",
      ...address,
      items: itemsOf(lines),
    });
    if (!order) return;
    key.current = crypto.randomUUID();
    setValues(EMPTY);
    setLines([]);
    setFulfilment("pickup");
    setByLink(false);
    if (order.payLink) setLinked(order);
    else onPlaced(order);
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

  const fulfilments: [Fulfilment, string, string | null][] = [
    ["pickup", words.pickup, null],
    ["delivery", words.delivery, words.staffHint],
    ["courier", words.courier, words.courierHint],
  ];
  return (
    <Dialog open={open} onClose={onClose} title={words.title}>
      {choosing && (
        <PhoneOrderPicker
          key={choosing.id}
          dish={choosing}
          onAdd={(line, quantity) => {
            add(choosing, line, quantity);
            choose(null);
          }}
          onBack={() => choose(null)}
          words={words}
          choices={choices}
          locale={locale}
        />
      )}
      <form className={boardStyles.dialogForm} onSubmit={(event) => void submit(event)} noValidate hidden={Boolean(choosing)}>
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
        <fieldset className={styles.options}>
          <legend className={boardStyles.legend}>{words.fulfilment}</legend>
          {fulfilments.map(([value, label, hint]) => (
            <label key={value} className={`${boardStyles.choice} ${styles.option}`}>
              <input type="radio" name="fulfilment" value={value} checked={fulfilment === value} onChange={() => setFulfilment(value)} />
              <span>
                <span>{label}</span>
                {hint && <span className={styles.hint}>{hint}</span>}
              </span>
            </label>
          ))}
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
          {menu && !menu.length && <p className={boardStyles.dialogText}>{words.noDishes}</p>}
          {errors.items && (
            <p id="phone-order-items-error" className={boardStyles.fieldError} role="alert">
              {errors.items}
            </p>
          )}
          <PhoneOrderDishes dishes={menu ?? []} lines={lines} onAdd={add} onChoose={choose} lineErrors={lineErrors} words={words} locale={locale} />
        </fieldset>
        <fieldset className={boardStyles.choices} aria-describedby={fulfilment === "courier" ? "phone-order-cash" : undefined}>
          <legend className={boardStyles.legend}>{words.payment}</legend>
          <label className={boardStyles.choice}>
            <input type="radio" name="payment" value="door" checked={!payByLink} disabled={fulfilment === "courier"} onChange={() => setByLink(false)} />
            {delivery ? words.atDoor : words.atPickup}
          </label>
          <label className={boardStyles.choice}>
            <input type="radio" name="payment" value="link" checked={payByLink} onChange={() => setByLink(true)} />
            {words.byLink}
          </label>
          {fulfilment === "courier" && (
            <p id="phone-order-cash" className={styles.hint}>
              {words.courierCash}
            </p>
          )}
        </fieldset>
        <p className={styles.summary}>
          <strong>{fill(words.items, { amount: formatMoney(itemsTotal, locale) })}</strong>
          {words.fees} {fulfilment === "delivery" ? `${words.staffFee} ` : fulfilment === "courier" ? `${words.courierFee} ` : ""}
          {payByLink ? words.linkNote : delivery ? words.paidDoor : words.paidPickup}
        </p>
        <div className={boardStyles.dialogActions}>
          <button type="button" className={buttonClass({ variant: "secondary" })} onClick={onClose}>
            {words.back}
          </button>
          <button type="submit" className={buttonClass()} disabled={place.busy}>
            {place.busy ? words.placing : words.place}
          </button>
        </div>
      </form>
    </Dialog>
  );
}

"use client";
import { useRouter } from "next/navigation";
import { lazy, Suspense, useMemo, useState, type FormEvent } from "react";
import { useAlerts } from "@/components/providers/alerts-provider";
import { useSession } from "@/components/providers/session-provider";
import { SelectField } from "@/components/ui/select-field";
import { TextAreaField } from "@/components/ui/text-area-field";
import { TextField } from "@/components/ui/text-field";
import { api } from "@/lib/client/api";
import { decimalText, fill } from "@/lib/shared/words/fill";
import type { Locale } from "@/lib/i18n/locale";
import type { Words } from "@/lib/i18n/words";
import type { DemoPhoto } from "@/lib/shared/demo/demo-photos";
import { lazySchemas, useLazyModule } from "@/lib/client/lazy-module";
import { CUISINES, PRICE_LEVELS, PRICE_LEVEL_SYMBOLS } from "@/lib/shared/constants";
import { DEFAULT_DELIVERY_RADIUS_KM, MAX_DELIVERY_RADIUS_KM, MIN_DELIVERY_RADIUS_KM } from "@/lib/shared/delivery/delivery";
import { unitTextAsKm } from "@/lib/shared/delivery/distance";
import { REQUIRED_RESTAURANT_FIELDS, restaurantFormToBody, type RestaurantFormValues, type RuleWords } from "@/lib/contract/zod-free/form-values";
import type { OpeningHours } from "@/lib/shared/time/opening-hours";
import { PhotoField } from "./photo-field";
import { FormActions } from "./submit-blockers";
import { failureMessage, useLiveForm } from "./use-live-form";
import styles from "./owner-form.module.css";

export const EMPTY_RESTAURANT: RestaurantFormValues = {
  name: "",
  description: "",
  address: "",
  city: "",
  state: "",
  zip: "",
  cuisineType: "",
  priceLevel: "",
  deliveryFee: "",
  deliveryTime: "",
  deliveryRadiusKm: String(DEFAULT_DELIVERY_RADIUS_KM),
  storeImage: "",
};

/** The form's words; `rules`: its checks' messages in the page's language (lib/server/web/form-rules.ts); `miles`: a mi market's radius field (its value in miles, sent as km). */
export type RestaurantFormWords = Pick<Words<"menus">, "restaurantForm" | "common" | "hours" | "photo" | "preview"> & {
  rules?: RuleWords;
  miles?: { label: string; hint: string; range: string; initial: string };
};

/** The fields as the form shows them, the order in which SubmitBlockers names them. */
const FIELD_ORDER = [
  "name",
  "cuisineType",
  "priceLevel",
  "description",
  "address",
  "city",
  "state",
  "zip",
  "deliveryFee",
  "deliveryTime",
  "deliveryRadiusKm",
  "storeImage",
] as const satisfies readonly (keyof RestaurantFormValues)[];

// The hours editor (and the schedule rules it uses) arrives after the page's code: the server renders it.
const HoursEditor = lazy(() => import("./hours-editor").then((m) => ({ default: m.HoursEditor })));

// The preview card beside the form (decorative, wide screens) is not needed to use the form: the
// server renders it, and its code arrives after the page's to take over the live updates.
const RestaurantPreview = lazy(() => import("./form-preview").then((m) => ({ default: m.RestaurantPreview })));

// The server's own rules, checked as the owner types; they bring zod, so they load after the page.
const restaurantRules = lazySchemas(() => import("@/lib/contract/restaurants/rules"));

/** In a mi market the radius is typed in miles: checked and sent as km (lib/shared/delivery/distance.ts). */
const radiusInKm = (values: RestaurantFormValues, miles: boolean) => (miles ? { ...values, deliveryRadiusKm: unitTextAsKm(values.deliveryRadiusKm, "mi") } : values);

type RestaurantFormProps = {
  initial?: RestaurantFormValues;
  /** The saved opening hours (closures already over left out), or a new restaurant's (NEW_RESTAURANT_OPENING). */
  initialOpening: OpeningHours;
  restaurantId?: number;
  demoPhotos: readonly DemoPhoto[];
  /** What the restaurant's own delivery fee means next to checkout's (the catalogue's menus.restaurantForm.deliveryFeeHint). */
  deliveryFeeHint: string;
  words: RestaurantFormWords;
  /** The hours' language (their times and dates). */
  locale: Locale;
};

/** restaurants/new and restaurants/{id}/update: one form; with an id it updates. */
export function RestaurantForm({ initial, initialOpening, restaurantId, demoPhotos, deliveryFeeHint, words, locale }: RestaurantFormProps) {
  const w = words.restaurantForm;
  const { miles } = words;
  const inKm = (values: RestaurantFormValues) => radiusInKm(values, miles !== undefined);
  // Each field's label, for SubmitBlockers (the hours: their section).
  const labels = w.labels;
  const rules = useLazyModule(restaurantRules);
  const validate = useMemo(
    () =>
      rules &&
      ((values: RestaurantFormValues) => {
        const errors = rules.restaurantFormErrors(radiusInKm(values, miles !== undefined), words.rules);
        if (miles && errors.deliveryRadiusKm && values.deliveryRadiusKm.trim()) errors.deliveryRadiusKm = miles.range;
        return errors;
      }),
    [rules, words.rules, miles],
  );
  const form = useLiveForm(
    initial ?? (miles ? { ...EMPTY_RESTAURANT, deliveryRadiusKm: miles.initial } : EMPTY_RESTAURANT),
    validate,
    REQUIRED_RESTAURANT_FIELDS,
    FIELD_ORDER,
  );
  const { field } = form;
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [opening, setOpening] = useState(initialOpening);
  const [openingServerErrors, setOpeningServerErrors] = useState<Record<string, string>>({});
  const liveOpeningErrors = rules?.openingHoursErrors(opening, words.rules) ?? {};
  const openingErrors = { ...openingServerErrors, ...liveOpeningErrors };
  const openingValid = Object.keys(liveOpeningErrors).length === 0;
  const changeOpening = (next: OpeningHours) => {
    setOpening(next);
    setOpeningServerErrors({});
  };
  // The server's errors that name no text field are the hours' ("hours.mon.1.open", "closures.0.to", "timeZone").
  const showOpeningErrors = (error: unknown) => setOpeningServerErrors(form.showServerErrors(error));
  const session = useSession();
  const alerts = useAlerts();
  const router = useRouter();
  const updating = restaurantId !== undefined;
  const action = updating ? words.common.saveChanges : w.submit;

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!form.canSubmit || !openingValid || pending) return;
    setPending(true);
    setFailure(null);
    try {
      const body = { ...restaurantFormToBody(inKm(form.values)), timeZone: opening.timeZone, hours: opening.hours, closures: opening.closures };
      if (updating) {
        await api(`/api/manage/${restaurantId}`, { method: "PUT", body });
        alerts.show(w.updated, "success");
      } else {
        await api("/api/restaurants/", { method: "POST", body });
        // The burger menu switches to "Manage your restaurants" once the session knows.
        await session.refresh();
        alerts.show(w.created, "success");
      }
      router.push("/restaurants/manage");
      router.refresh();
    } catch (error) {
      showOpeningErrors(error);
      // Create shows the server's field errors or 'Failed to create restaurant';
      // update shows the server's message, its first error, or 'Failed to update restaurant'.
      setFailure(updating ? failureMessage(error, w.updateFailed) : w.createFailed);
      setPending(false);
    }
  };

  const preview = (
    <Suspense fallback={null}>
      <RestaurantPreview values={form.values} words={words.preview} cuisines={w.cuisines} />
    </Suspense>
  );

  return (
    <div className={styles.layout}>
      <form className={styles.form} onSubmit={submit} noValidate aria-describedby="restaurant-form-note">
        <p id="restaurant-form-note" className={styles.note}>
          {w.required}
        </p>
        <fieldset className={styles.section}>
          <legend className={styles.legend}>{w.about}</legend>
          <TextField label={labels.name} autoComplete="organization" hint={w.nameHint} {...field("name")} />
          <div className={styles.row}>
            <SelectField label={labels.cuisineType} {...field("cuisineType")}>
              <option value="">{w.chooseCuisine}</option>
              {CUISINES.map((cuisine) => (
                <option key={cuisine} value={cuisine}>
                  {w.cuisines[cuisine]}
                </option>
              ))}
            </SelectField>
            <SelectField label={labels.priceLevel} {...field("priceLevel")}>
              <option value="">{w.choosePrice}</option>
              {PRICE_LEVELS.map((level) => (
                <option key={level} value={level}>
                  {`${PRICE_LEVEL_SYMBOLS[level]} · ${w.prices[level]}`}
                </option>
              ))}
            </SelectField>
          </div>
          <TextAreaField label={labels.description} hint={w.descriptionHint} rows={4} {...field("description")} />
        </fieldset>

        <fieldset className={styles.section}>
          <legend className={styles.legend}>{w.location}</legend>
          <TextField label={labels.address} autoComplete="street-address" hint={w.addressHint} {...field("address")} />
          <div className={styles.rowThree}>
            <TextField label={labels.city} autoComplete="address-level2" {...field("city")} />
            <TextField label={labels.state} autoComplete="address-level1" hint={w.stateHint} maxLength={2} {...field("state")} />
            <TextField label={labels.zip} autoComplete="postal-code" inputMode="numeric" maxLength={5} {...field("zip")} />
          </div>
        </fieldset>

        <fieldset className={styles.section}>
          <legend className={styles.legend}>{w.delivery}</legend>
          <div className={styles.row}>
            <TextField label={w.feeLabel} inputMode="decimal" hint={deliveryFeeHint} {...field("deliveryFee")} />
            <TextField label={w.timeLabel} inputMode="numeric" hint={w.timeHint} {...field("deliveryTime")} />
          </div>
          <TextField
            label={miles?.label ?? w.radiusLabel}
            inputMode="decimal"
            hint={miles?.hint ?? fill(w.radiusHint, { min: decimalText(MIN_DELIVERY_RADIUS_KM, w.decimal), max: MAX_DELIVERY_RADIUS_KM })}
            {...field("deliveryRadiusKm")}
          />
        </fieldset>

        <fieldset className={styles.section}>
          <legend className={styles.legend}>{labels.hours}</legend>
          <Suspense fallback={null}>
            <HoursEditor
              value={opening}
              onChange={changeOpening}
              errors={openingErrors}
              restaurantId={restaurantId}
              onSaveError={showOpeningErrors}
              words={words.hours}
              locale={locale}
            />
          </Suspense>
        </fieldset>

        <fieldset className={styles.section}>
          <legend className={styles.legend}>{w.photo}</legend>
          <PhotoField
            label={labels.storeImage}
            field={field("storeImage")}
            onPick={(file) => form.setValue("storeImage", file)}
            demoPhotos={demoPhotos}
            upload={{ slot: "banner", id: restaurantId }}
            words={words.photo}
          />
        </fieldset>

        <FormActions
          failure={failure}
          cancelHref="/restaurants/manage"
          pending={pending}
          ready={form.canSubmit && openingValid}
          id="restaurant-blockers"
          action={action}
          blockers={form.blockers && rules ? [...form.blockers, ...(openingValid ? [] : [{ name: "hours", missing: false }])] : null}
          labels={labels}
          onReveal={form.touch}
          words={words.common}
        />
      </form>
      {preview}
    </div>
  );
}

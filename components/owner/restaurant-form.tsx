"use client";
import Link from "@/components/ui/link";
import { useRouter } from "next/navigation";
import { lazy, Suspense, useState, type FormEvent } from "react";
import { useAlerts } from "@/components/providers/alerts-provider";
import { useSession } from "@/components/providers/session-provider";
import { buttonClass } from "@/components/ui/button";
import { SelectField } from "@/components/ui/select-field";
import { TextAreaField } from "@/components/ui/text-area-field";
import { TextField } from "@/components/ui/text-field";
import { api } from "@/lib/client/api";
import type { DemoPhoto } from "@/lib/shared/demo-photos";
import { lazySchemas, useLazyModule } from "@/lib/client/lazy-module";
import { CUISINES, PRICE_LEVELS, PRICE_LEVEL_SYMBOLS } from "@/lib/shared/constants";
import { DEFAULT_DELIVERY_RADIUS_KM, MAX_DELIVERY_RADIUS_KM, MIN_DELIVERY_RADIUS_KM } from "@/lib/shared/delivery";
import { REQUIRED_RESTAURANT_FIELDS, restaurantFormToBody, type RestaurantFormValues } from "@/lib/validation/zod-free/form-values";
import type { OpeningHours } from "@/lib/shared/opening-hours";
import { PhotoField } from "./photo-field";
import { SubmitBlockers } from "./submit-blockers";
import { failureMessage, useLiveForm } from "./use-live-form";
import styles from "./owner-form.module.css";

const PRICE_LABELS = { INEXPENSIVE: "Inexpensive", MODERATE: "Moderate", EXPENSIVE: "Expensive", VERY_EXPENSIVE: "Very expensive" } as const;

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

/** Each field's label, for SubmitBlockers (the hours: their section). */
const LABELS = {
  name: "Restaurant name",
  cuisineType: "Cuisine",
  priceLevel: "Price level",
  description: "Description",
  address: "Street address",
  city: "City",
  state: "State",
  zip: "Zip code",
  deliveryFee: "Delivery fee",
  deliveryTime: "Delivery time",
  deliveryRadiusKm: "Delivery radius",
  storeImage: "Store image URL",
  hours: "Opening hours",
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
const restaurantRules = lazySchemas(() => import("@/lib/validation/restaurant"));

type RestaurantFormProps = {
  initial?: RestaurantFormValues;
  /** The saved opening hours (closures already over left out), or a new restaurant's (NEW_RESTAURANT_OPENING). */
  initialOpening: OpeningHours;
  restaurantId?: number;
  demoPhotos: readonly DemoPhoto[];
  /** What the restaurant's own delivery fee means next to checkout's (OWNER_DELIVERY_FEE_HINT). */
  deliveryFeeHint: string;
};

/** restaurants/new and restaurants/{id}/update: one form; with an id it updates. */
export function RestaurantForm({ initial = EMPTY_RESTAURANT, initialOpening, restaurantId, demoPhotos, deliveryFeeHint }: RestaurantFormProps) {
  const rules = useLazyModule(restaurantRules);
  const form = useLiveForm(initial, rules?.restaurantFormErrors ?? null, REQUIRED_RESTAURANT_FIELDS, FIELD_ORDER);
  const { field } = form;
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [opening, setOpening] = useState(initialOpening);
  const [openingServerErrors, setOpeningServerErrors] = useState<Record<string, string>>({});
  const liveOpeningErrors = rules?.openingHoursErrors(opening) ?? {};
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
  const action = updating ? "Save changes" : "Submit";

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!form.canSubmit || !openingValid || pending) return;
    setPending(true);
    setFailure(null);
    try {
      const body = { ...restaurantFormToBody(form.values), timeZone: opening.timeZone, hours: opening.hours, closures: opening.closures };
      if (updating) {
        await api(`/api/manage/${restaurantId}`, { method: "PUT", body });
        alerts.show("Restaurant updated", "success");
      } else {
        await api("/api/restaurants/", { method: "POST", body });
        // The burger menu switches to "Manage your restaurants" once the session knows.
        await session.refresh();
        alerts.show("Restaurant created. Welcome to Nosh for restaurants!", "success");
      }
      router.push("/restaurants/manage");
      router.refresh();
    } catch (error) {
      showOpeningErrors(error);
      // Create shows the server's field errors or 'Failed to create restaurant';
      // update shows the server's message, its first error, or 'Failed to update restaurant'.
      setFailure(updating ? failureMessage(error, "Failed to update restaurant") : "Failed to create restaurant");
      setPending(false);
    }
  };

  const preview = (
    <Suspense fallback={null}>
      <RestaurantPreview values={form.values} />
    </Suspense>
  );

  return (
    <div className={styles.layout}>
      <form className={styles.form} onSubmit={submit} noValidate aria-describedby="restaurant-form-note">
        <p id="restaurant-form-note" className={styles.note}>
          All fields are required unless marked optional.
        </p>
        <fieldset className={styles.section}>
          <legend className={styles.legend}>About</legend>
          <TextField label="Restaurant name" autoComplete="organization" hint="2 to 50 characters" {...field("name")} />
          <div className={styles.row}>
            <SelectField label="Cuisine" {...field("cuisineType")}>
              <option value="">Choose a cuisine</option>
              {CUISINES.map((cuisine) => (
                <option key={cuisine} value={cuisine}>
                  {cuisine}
                </option>
              ))}
            </SelectField>
            <SelectField label="Price level" {...field("priceLevel")}>
              <option value="">Choose a price level</option>
              {PRICE_LEVELS.map((level) => (
                <option key={level} value={level}>
                  {`${PRICE_LEVEL_SYMBOLS[level]} · ${PRICE_LABELS[level]}`}
                </option>
              ))}
            </SelectField>
          </div>
          <TextAreaField label="Description" hint="10 to 500 characters" rows={4} {...field("description")} />
        </fieldset>

        <fieldset className={styles.section}>
          <legend className={styles.legend}>Location</legend>
          <TextField label="Street address" autoComplete="street-address" hint="Starts with the street number" {...field("address")} />
          <div className={styles.rowThree}>
            <TextField label="City" autoComplete="address-level2" {...field("city")} />
            <TextField label="State" autoComplete="address-level1" hint="Like CA" maxLength={2} {...field("state")} />
            <TextField label="Zip code" autoComplete="postal-code" inputMode="numeric" maxLength={5} {...field("zip")} />
          </div>
        </fieldset>

        <fieldset className={styles.section}>
          <legend className={styles.legend}>Delivery</legend>
          <div className={styles.row}>
            <TextField label="Delivery fee ($)" inputMode="decimal" hint={deliveryFeeHint} {...field("deliveryFee")} />
            <TextField label="Delivery time (minutes)" inputMode="numeric" hint="1 to 180" {...field("deliveryTime")} />
          </div>
          <TextField
            label="Delivery radius (km)"
            inputMode="decimal"
            hint={`How far you deliver, ${MIN_DELIVERY_RADIUS_KM} to ${MAX_DELIVERY_RADIUS_KM} km. Customers farther away can still order pickup`}
            {...field("deliveryRadiusKm")}
          />
        </fieldset>

        <fieldset className={styles.section}>
          <legend className={styles.legend}>Opening hours</legend>
          <Suspense fallback={null}>
            <HoursEditor value={opening} onChange={changeOpening} errors={openingErrors} restaurantId={restaurantId} onSaveError={showOpeningErrors} />
          </Suspense>
        </fieldset>

        <fieldset className={styles.section}>
          <legend className={styles.legend}>Photo</legend>
          <PhotoField
            label="Store image URL"
            field={field("storeImage")}
            onPick={(file) => form.setValue("storeImage", file)}
            demoPhotos={demoPhotos}
            upload={{ slot: "banner", id: restaurantId }}
          />
        </fieldset>

        {failure && (
          <p role="alert" className={styles.failure}>
            {failure}
          </p>
        )}
        <div className={styles.actions}>
          <Link href="/restaurants/manage" className={buttonClass({ variant: "secondary" })}>
            Cancel
          </Link>
          <button type="submit" className={buttonClass()} disabled={!form.canSubmit || !openingValid || pending} aria-describedby="restaurant-blockers">
            {pending ? "Saving…" : action}
          </button>
          <SubmitBlockers
            id="restaurant-blockers"
            action={action}
            blockers={form.blockers && rules ? [...form.blockers, ...(openingValid ? [] : [{ name: "hours", missing: false }])] : null}
            labels={LABELS}
            onReveal={form.touch}
          />
        </div>
      </form>
      {preview}
    </div>
  );
}

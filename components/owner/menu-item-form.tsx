"use client";
import { useRouter } from "next/navigation";
import { lazy, Suspense, useMemo, useState, type FormEvent } from "react";
import { useAlerts } from "@/components/providers/alerts-provider";
import { SelectField } from "@/components/ui/select-field";
import { TextAreaField } from "@/components/ui/text-area-field";
import { TextField } from "@/components/ui/text-field";
import { api } from "@/lib/client/api";
import { fill } from "@/lib/shared/words/fill";
import type { Words } from "@/lib/i18n/words";
import type { Locale } from "@/lib/i18n/locale";
import type { DemoPhoto } from "@/lib/shared/demo/demo-photos";
import { lazySchemas, useLazyModule } from "@/lib/client/lazy-module";
import { FOOD_TYPES } from "@/lib/shared/constants";
import {
  menuItemFormToBody,
  optionGroupsFormToBody,
  REQUIRED_MENU_ITEM_FIELDS,
  type DishOptionsDraft,
  type MenuItemFormMode,
  type MenuItemFormValues,
  type RuleWords,
} from "@/lib/contract/zod-free/form-values";
import type { DishAllergenDraft } from "./allergen-fields";
import { PhotoField } from "./photo-field";
import { FormActions } from "./submit-blockers";
import { failureMessage, useLiveForm } from "./use-live-form";
import styles from "./owner-form.module.css";

// The preview card beside the form (decorative, wide screens) is not needed to use the form: the
// server renders it, and its code arrives after the page's to take over the live updates.
const MenuItemPreview = lazy(() => import("./form-preview").then((m) => ({ default: m.MenuItemPreview })));

// The option group editor sits below the fold, after the photo: it loads after the page.
const OptionGroupsEditor = lazy(() => import("./option-groups-editor").then((m) => ({ default: m.OptionGroupsEditor })));

// The server's own rules, checked as the owner types; they bring zod, so they load after the page.
const menuItemRules = lazySchemas(() => import("@/lib/contract/menu/rules"));
const optionRules = lazySchemas(() => import("@/lib/contract/menu/option-group-form-rules"));

// The allergens and diet section (its lists and names) loads after the page too.
const AllergenFields = lazy(() => import("./allergen-fields").then((m) => ({ default: m.AllergenFields })));

const NO_OPTIONS: DishOptionsDraft = { allowsInstructions: false, groups: [] };
const NO_ALLERGENS: DishAllergenDraft = { allergens: [], mayContain: [], mayContainNote: "", dietLabels: [] };

/** The form's words (the catalogue's menus namespace, and the allergens' names), from the server page; `rules`: its checks' messages in the page's language (lib/server/web/form-rules.ts). */
export type MenuItemFormWords = Pick<Words<"menus">, "itemForm" | "common" | "allergens" | "options" | "photo" | "preview"> & {
  allergenNames: Words<"allergens">["names"];
  dietNames: Words<"allergens">["diets"];
  rules?: RuleWords;
};

/** The fields as the form shows them, the order in which SubmitBlockers names them. */
const FIELD_ORDER = {
  create: ["restaurantId", "name", "foodType", "price", "description", "foodImage"],
  update: ["name", "foodType", "price", "description", "foodImage"],
} as const satisfies Record<MenuItemFormMode, readonly (keyof MenuItemFormValues)[]>;

type MenuItemFormProps = {
  mode: MenuItemFormMode;
  initial: MenuItemFormValues;
  /** The dish's option groups and instructions switch (none on a new dish). */
  initialOptions?: DishOptionsDraft;
  /** The restaurants an item can be added to (create only). */
  restaurants?: { id: number; name: string }[];
  itemId?: number;
  demoPhotos: readonly DemoPhoto[];
  /** The dish's allergens and diet labels (none on a new dish). */
  initialAllergens?: DishAllergenDraft;
  words: MenuItemFormWords;
  /** The preview's price language. */
  locale: Locale;
};

/** menu-items/new and menu-items/{id}/update (the spec gives them different rules). */
export function MenuItemForm({
  mode,
  initial,
  initialOptions = NO_OPTIONS,
  restaurants = [],
  itemId,
  demoPhotos,
  initialAllergens = NO_ALLERGENS,
  words,
  locale,
}: MenuItemFormProps) {
  const w = words.itemForm;
  // Each field's label, for SubmitBlockers (the options: their section).
  const labels = w.labels;
  const rules = useLazyModule(menuItemRules);
  const validate = useMemo(() => rules && ((values: MenuItemFormValues) => rules.menuItemFormErrors(mode, values, words.rules)), [rules, mode, words.rules]);
  const form = useLiveForm(initial, validate, REQUIRED_MENU_ITEM_FIELDS[mode], FIELD_ORDER[mode]);
  const { field } = form;
  const [options, setOptionsDraft] = useState(initialOptions);
  // The API's errors for the options (`optionGroups.0.name`), cleared by the next change.
  const [optionServerErrors, setOptionServerErrors] = useState<Record<string, string>>({});
  const optionChecks = useLazyModule(optionRules);
  const optionRuleErrors = useMemo(() => optionChecks?.optionGroupsFormErrors(options.groups, words.rules) ?? null, [optionChecks, options.groups, words.rules]);
  const optionErrors = { ...optionRuleErrors, ...optionServerErrors };
  const optionsValid = optionRuleErrors !== null && Object.keys(optionRuleErrors).length === 0;
  const setOptions = (next: DishOptionsDraft) => {
    setOptionsDraft(next);
    setOptionServerErrors({});
  };
  const [allergens, setAllergens] = useState(initialAllergens);
  const [allergenErrors, setAllergenErrors] = useState<Record<string, string>>({});
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const alerts = useAlerts();
  const router = useRouter();
  const action = mode === "create" ? w.create : words.common.saveChanges;
  const menuPath = form.values.restaurantId ? `/restaurants/${form.values.restaurantId}/menu` : "/restaurants/manage";

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!form.canSubmit || !optionsValid || pending) return;
    setPending(true);
    setFailure(null);
    try {
      const body = {
        ...menuItemFormToBody(mode, form.values),
        allowsInstructions: options.allowsInstructions,
        optionGroups: optionGroupsFormToBody(options.groups),
        ...allergens,
      };
      if (mode === "create") await api("/api/menu-items/", { method: "POST", body });
      else await api(`/api/menu-items/${itemId}`, { method: "PUT", body });
      alerts.show(mode === "create" ? fill(w.added, { name: form.values.name.trim() }) : w.updated, "success");
      router.push(menuPath);
      router.refresh();
    } catch (error) {
      const other = form.showServerErrors(error);
      setOptionServerErrors(Object.fromEntries(Object.entries(other).filter(([name]) => name === "allowsInstructions" || name.startsWith("optionGroups"))));
      setAllergenErrors(Object.fromEntries(Object.entries(other).filter(([name]) => ["allergens", "mayContain", "mayContainNote", "dietLabels"].includes(name))));
      setFailure(mode === "create" ? w.createFailed : failureMessage(error, w.updateFailed));
      setPending(false);
    }
  };

  const preview = (
    <Suspense fallback={null}>
      <MenuItemPreview values={form.values} words={words.preview} locale={locale} />
    </Suspense>
  );

  return (
    <div className={styles.layout}>
      <form className={styles.form} onSubmit={submit} noValidate>
        <fieldset className={styles.section}>
          <legend className={styles.legend}>{w.dish}</legend>
          {mode === "create" && (
            <SelectField label={labels.restaurantId} {...field("restaurantId")}>
              <option value="">{w.chooseRestaurant}</option>
              {restaurants.map((r) => (
                <option key={r.id} value={String(r.id)}>
                  {r.name}
                </option>
              ))}
            </SelectField>
          )}
          <TextField label={labels.name} autoComplete="off" hint={mode === "update" ? w.nameHint : undefined} {...field("name")} />
          <div className={styles.row}>
            <SelectField label={labels.foodType} {...field("foodType")}>
              <option value="">{w.chooseType}</option>
              {FOOD_TYPES.map((type) => (
                <option key={type} value={type}>
                  {w.foodTypes[type]}
                </option>
              ))}
            </SelectField>
            <TextField label={w.priceLabel} inputMode="decimal" hint={w.priceHint} {...field("price")} />
          </div>
          <TextAreaField label={labels.description} hint={w.descriptionHint} rows={3} {...field("description")} />
        </fieldset>

        <fieldset className={styles.section}>
          <legend className={styles.legend}>{w.photo}</legend>
          <PhotoField
            label={labels.foodImage}
            field={field("foodImage")}
            onPick={(file) => form.setValue("foodImage", file)}
            demoPhotos={demoPhotos}
            upload={{ slot: "dish", id: itemId }}
            words={words.photo}
          />
        </fieldset>

        <Suspense fallback={null}>
          <AllergenFields
            value={allergens}
            onChange={setAllergens}
            errors={allergenErrors}
            words={words.allergens}
            allergenNames={words.allergenNames}
            dietNames={words.dietNames}
          />
        </Suspense>

        <Suspense fallback={<OptionsLoading legend={words.options.legend} loading={w.loadingOptions} />}>
          <OptionGroupsEditor value={options} onChange={setOptions} errors={optionErrors} serverErrors={optionServerErrors} words={words.options} />
        </Suspense>

        <FormActions
          failure={failure}
          cancelHref={menuPath}
          pending={pending}
          ready={form.canSubmit && optionsValid}
          id="menu-item-blockers"
          action={action}
          blockers={form.blockers && optionRuleErrors ? [...form.blockers, ...(optionsValid ? [] : [{ name: "optionGroups", missing: false }])] : null}
          labels={labels}
          onReveal={form.touch}
          words={words.common}
        />
      </form>
      {preview}
    </div>
  );
}

/** The options section's place while its editor loads (the same frame, so nothing jumps). */
function OptionsLoading({ legend, loading }: { legend: string; loading: string }) {
  return (
    <fieldset className={styles.section} aria-busy="true">
      <legend className={styles.legend}>{legend}</legend>
      <p className={styles.note}>{loading}</p>
    </fieldset>
  );
}

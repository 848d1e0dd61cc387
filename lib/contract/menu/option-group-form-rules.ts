import { optionGroupsInputSchema } from "./option-rules";
import { inWord, optionGroupsFormToBody, type FieldErrors, type OptionGroupDraft, type RuleWords } from "../zod-free/form-values";

/**
 * The menu item form's option groups checked by the API's own schema, as it names the fields at
 * fault (`optionGroups.1.options.0.name`), so a rule's message and the server's land in one place.
 */
export function optionGroupsFormErrors(groups: readonly OptionGroupDraft[], words?: RuleWords): FieldErrors {
  const result = optionGroupsInputSchema.safeParse(optionGroupsFormToBody(groups));
  const errors: FieldErrors = {};
  if (result.success) return errors;
  for (const issue of result.error.issues) errors[["optionGroups", ...issue.path.map(String)].join(".")] ??= inWord(issue.message, words);
  return errors;
}

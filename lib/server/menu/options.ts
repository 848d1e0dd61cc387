import "server-only";
import { marketDate } from "@/lib/shared/time/schedule";
import type { OptionGroupInput } from "@/lib/contract/menu/option-rules";
import type { Tx } from "../platform/db";
import { fieldError } from "../platform/errors";
import { writeTranslations } from "@/lib/shared/menu/menu-translations";
import { said } from "@/lib/shared/words/said";

// A dish's option groups as its owner writes them: the list sent replaces the dish's groups
// (lib/contract/menu/option-rules.ts). Groups and options sent with an id keep their rows (so past and
// Active order lines stay linked to them), the ones left out are deleted (order lines keep their
// copies, option link set to null), new ones are created; positions follow the array. Runs in the
// caller's transaction, after it has checked that the actor owns the dish.

/** `available: false` is sold out for the marketplace's today; true clears it. */
function soldOutOn(available: boolean, now: Date): string | null {
  return available ? null : marketDate(now);
}

export async function replaceOptionGroups(tx: Tx, menuItemId: number, groups: OptionGroupInput[], now = new Date()): Promise<void> {
  const existing = await tx.optionGroup.findMany({ where: { menuItemId }, select: { id: true, options: { select: { id: true } } } });
  const groupIds = new Set(existing.map((group) => group.id));
  const optionIds = new Set(existing.flatMap((group) => group.options.map((option) => option.id)));
  groups.forEach((group, g) => {
    if (group.id !== undefined && !groupIds.has(group.id)) throw fieldError(`optionGroups.${g}.id`, said("rules.handlers.groupNotOnDish"));
    group.options.forEach((option, o) => {
      if (option.id !== undefined && !optionIds.has(option.id)) throw fieldError(`optionGroups.${g}.options.${o}.id`, said("rules.handlers.optionNotOnDish"));
    });
  });
  const keptOptions = groups.flatMap((group) => group.options.flatMap((option) => (option.id === undefined ? [] : [option.id])));
  await tx.menuOption.deleteMany({ where: { group: { menuItemId }, id: { notIn: keptOptions } } });
  // Groups go last: a kept option may move out of a group that is deleted.
  const keptGroups: number[] = [];
  for (const [position, group] of groups.entries()) {
    // Translations sent replace the row's; left out, a kept row keeps its own and a new one has none.
    const words = group.translations ? { translations: writeTranslations(group.translations) } : {};
    const data = { name: group.name, minChoices: group.minChoices, maxChoices: group.maxChoices, position, ...words };
    const groupId = group.id === undefined ? (await tx.optionGroup.create({ data: { ...data, menuItemId }, select: { id: true } })).id : group.id;
    if (group.id !== undefined) await tx.optionGroup.update({ where: { id: groupId }, data });
    keptGroups.push(groupId);
    const created = [];
    for (const [index, option] of group.options.entries()) {
      const row = {
        groupId,
        name: option.name,
        priceDeltaCents: option.priceDelta,
        soldOutOn: soldOutOn(option.available, now),
        position: index,
        allergens: option.allergens,
        removesLabels: option.removesLabels,
        ...(option.translations ? { translations: writeTranslations(option.translations) } : {}),
      };
      if (option.id === undefined) created.push({ ...row, allergens: row.allergens ?? 0, removesLabels: row.removesLabels ?? 0 });
      else await tx.menuOption.update({ where: { id: option.id }, data: row });
    }
    if (created.length) await tx.menuOption.createMany({ data: created });
  }
  await tx.optionGroup.deleteMany({ where: { menuItemId, id: { notIn: keptGroups } } });
}

// How cart and order lines are told apart, on its own: the cart provider, on every page, needs
// only this of lib/shared/menu/options.ts (which re-exports it).

/** Instructions as a line keeps them: trimmed, blank is none. */
export function normalizeInstructions(instructions: string | null | undefined): string | null {
  const text = instructions?.trim() ?? "";
  return text ? text : null;
}

/**
 * The key that tells two cart or order lines apart: the same dish with the same choices (in any
 * order) and the same instructions is one line; any difference makes two. Stable across reloads
 * (a saved cart's lines keep their keys). A line without choices or instructions keys as the bare
 * dish id, so carts saved before options existed keep theirs.
 */
export function lineKey(menuItemId: number, optionIds: readonly number[] = [], instructions?: string | null): string {
  const ids = [...new Set(optionIds)].sort((a, b) => a - b);
  const note = normalizeInstructions(instructions);
  if (!ids.length && note === null) return String(menuItemId);
  return `${menuItemId}:${ids.join(",")}${note === null ? "" : `:${JSON.stringify(note)}`}`;
}

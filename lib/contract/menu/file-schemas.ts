import { z } from "zod";
import { MENU_FILE_COLUMNS } from "@/lib/shared/menu/menu-file";
import { TRANSLATED_FILE_COLUMNS } from "@/lib/shared/menu/menu-file-languages";

// A menu file's JSON (the export) and what an import's preview or apply answers
// (docs/architecture/menu-file.md).

const dishRef = z.object({ row: z.number().int().meta({ description: "The dish's row (the CSV's header is row 1)" }), name: z.string() });

export const menuImportResultSchema = z.object({
  rows: z.number().int().meta({ description: "The file's dishes" }),
  errors: z
    .array(z.object({ row: z.number().int(), column: z.string().meta({ description: "A column name, or `file`" }), message: z.string() }))
    .meta({ description: "Every problem, by row and column (none: the file can be applied)" }),
  created: z.array(dishRef).meta({ description: "Dishes not on the menu yet (matched by name, any case)" }),
  updated: z.array(dishRef).meta({ description: "Dishes on the menu the file changes" }),
  sectionsCreated: z.array(z.string()).meta({ description: "Sections the file names that the menu does not have" }),
  needsPhoto: z
    .array(dishRef)
    .meta({ description: "Dishes whose photo is to be uploaded (photos by URL are never fetched: they keep their photo or show the placeholder)" }),
});
export type MenuImportResult = z.output<typeof menuImportResultSchema>;

export const menuFileSchema = z.object({
  restaurantId: z.number().int(),
  columns: z.array(z.enum([...MENU_FILE_COLUMNS, ...TRANSLATED_FILE_COLUMNS])).meta({
    description: "The CSV's columns, then `name:es`-like columns for each language the menu's words are given in",
  }),
  dishes: z.array(
    z.object({
      ...(Object.fromEntries(MENU_FILE_COLUMNS.map((column) => [column, z.string()])) as Record<(typeof MENU_FILE_COLUMNS)[number], z.ZodString>),
      ...(Object.fromEntries(TRANSLATED_FILE_COLUMNS.map((column) => [column, z.string().optional()])) as Record<string, z.ZodOptional<z.ZodString>>),
    }),
  ),
});

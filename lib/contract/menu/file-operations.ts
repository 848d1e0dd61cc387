import { MENU_FILE_MAX_BYTES, MENU_FILE_MAX_ROWS } from "@/lib/shared/menu/menu-file";
import { menuFileSchema, menuImportResultSchema } from "./file-schemas";
import { op, restaurantManager, csvAnswer } from "../define";

// A restaurant owner's menu export and import (docs/architecture/menu-file.md).

const upload = {
  field: "file",
  description: `The menu as CSV or JSON (the export's form), at most ${MENU_FILE_MAX_ROWS} dishes and ${MENU_FILE_MAX_BYTES / 1024 / 1024} MB`,
  maxBytes: MENU_FILE_MAX_BYTES,
};
const unreadable = "The file is not CSV or JSON of the export's form, or has more than 500 dishes (`errors.file`)";
/** The menu's two forms, read by its owner, its managers or a key with menu.read. */
const exported = {
  access: restaurantManager,
  keys: ["menu.read"],
  paging: { unpaged: "a menu, at most a few hundred dishes" },
  errors: { 404: "Unknown restaurant, or not yours" },
  fixture: { matrix: { path: { id: "$restaurant" } } },
} as const;
/** An upload checked (preview) or applied: the same file, the same refusals. */
const imported = {
  access: restaurantManager,
  multipart: upload,
  errors: { 400: unreadable, 404: "Unknown restaurant, or not yours", 413: "File larger than 2 MB" },
  fixture: { matrix: { path: { id: "$restaurant" }, status: 400 } },
} as const;

export const menuFileOperations = [
  op("GET /api/manage/{id}/menu.csv", {
    summary:
      "The menu as CSV, one record per dish in menu order: section, position (in its section, from 1), featured (its place in the featured row, from 1), name, description, price (dollars), food_type, allergens, may_contain, may_contain_note, diet_labels (lists separated by `|`), allows_instructions, options (the compact form), photo_url",
    ...exported,
    ok: csvAnswer,
  }),
  op("GET /api/manage/{id}/menu.json", {
    summary: "The menu as JSON: the CSV's columns, and `dishes`, one object per dish with those keys (every value text, as in the CSV)",
    ...exported,
    ok: { description: "The menu file (an attachment)", schema: menuFileSchema },
  }),
  op("POST /api/manage/{id}/menu-import/preview", {
    summary:
      "A dry run of a menu import: every row's errors by row and column, the dishes it would create and update (matched by name within the restaurant), the sections it would create and the dishes whose photo is to be uploaded; writes nothing",
    ...imported,
    ok: { description: "What applying would do", schema: menuImportResultSchema },
  }),
  op("POST /api/manage/{id}/menu-import", {
    summary:
      "Apply a menu import in one transaction: the file's dishes created or updated (matched by name), their sections created, their places in sections and the featured row set; a file with any error is a 400 naming each as `rows.<row>.<column>` and nothing changes",
    ...imported,
    ok: { description: "What was done", schema: menuImportResultSchema },
  }),
];

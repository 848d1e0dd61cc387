// The message catalogues, one per language: the first screens' namespaces in `<lang>.json`, and a
// namespace per area in `<lang>/<area>.json` (the owner's kitchen and menus, operators, couriers,
// the customer's account, order flow and browsing, and the server's mail, push and errors, and lib/shared's lines).
// Types and data only; read through lib/i18n/translate.ts on the server.
import enBase from "./en.json";
import esBase from "./es.json";
import frBase from "./fr.json";
import enKitchen from "./areas/kitchen.en.json";
import esKitchen from "./areas/kitchen.es.json";
import frKitchen from "./areas/kitchen.fr.json";
import enMenus from "./areas/menus.en.json";
import esMenus from "./areas/menus.es.json";
import frMenus from "./areas/menus.fr.json";
import enAdmin from "./areas/admin.en.json";
import esAdmin from "./areas/admin.es.json";
import frAdmin from "./areas/admin.fr.json";
import enCourier from "./areas/courier.en.json";
import esCourier from "./areas/courier.es.json";
import frCourier from "./areas/courier.fr.json";
import enProfile from "./areas/profile.en.json";
import esProfile from "./areas/profile.es.json";
import frProfile from "./areas/profile.fr.json";
import enOrderflow from "./areas/orderflow.en.json";
import esOrderflow from "./areas/orderflow.es.json";
import frOrderflow from "./areas/orderflow.fr.json";
import enBrowse from "./areas/browse.en.json";
import esBrowse from "./areas/browse.es.json";
import frBrowse from "./areas/browse.fr.json";
import enServer from "./areas/server.en.json";
import esServer from "./areas/server.es.json";
import frServer from "./areas/server.fr.json";
import enLines from "./areas/lines.en.json";
import esLines from "./areas/lines.es.json";
import frLines from "./areas/lines.fr.json";

const en = {
  ...enBase,
  kitchen: enKitchen,
  menus: enMenus,
  admin: enAdmin,
  courier: enCourier,
  profile: enProfile,
  orderflow: enOrderflow,
  browse: enBrowse,
  server: enServer,
  lines: enLines,
};
const es = {
  ...esBase,
  kitchen: esKitchen,
  menus: esMenus,
  admin: esAdmin,
  courier: esCourier,
  profile: esProfile,
  orderflow: esOrderflow,
  browse: esBrowse,
  server: esServer,
  lines: esLines,
};
const fr = {
  ...frBase,
  kitchen: frKitchen,
  menus: frMenus,
  admin: frAdmin,
  courier: frCourier,
  profile: frProfile,
  orderflow: frOrderflow,
  browse: frBrowse,
  server: frServer,
  lines: frLines,
};

/** English is the source: every key is written there first (the spec's messages verbatim). */
export type Messages = typeof en;
/** Each language's own entries, as written (French lacks keys: they fall back to English). */
export const SOURCES: Record<"en" | "es" | "fr", Record<string, unknown>> = { en, es, fr };
export const ENGLISH: Messages = en;

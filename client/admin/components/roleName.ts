// A role's name as people read it: a built-in role whose display name was never changed (it is
// seeded as the role's own name) reads in the user's language; any other shows its display name
// (or its name, where only the name is known).
import type { TFunction } from "i18next";

const BUILT_IN = ["Admin", "Buyer", "Supplier"];

export function roleDisplayName(t: TFunction, role: { name: string; displayName?: string }) {
  const shown = role.displayName ?? role.name;
  return BUILT_IN.includes(role.name) && shown === role.name
    ? t(`rolesPage.staticNames.${role.name}`)
    : shown;
}

// System management › permissions: the read-only permission tree, with the roles holding each.
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Spinner } from "../../../shared/ui.tsx";
import { Badge } from "../../components/index.ts";
import { leavesOf, PermissionTree, usePermissionTree } from "./PermissionTree.tsx";
import { roleDisplayName } from "../../components/roleName.ts";
import { type RoleRow as Role, rolesApi } from "./api.ts";

export default function Permissions() {
  const { t } = useTranslation();
  const tree = usePermissionTree();
  const [roles, setRoles] = useState<Role[]>([]);
  useEffect(() => {
    // Roles are shown beside each permission when the user may read them.
    rolesApi.all()
      .then((r) => setRoles(r.items), () => {});
  }, []);
  const count = tree ? tree.flatMap(leavesOf).length : 0;
  return (
    <div className="card p-4" data-testid="permissions-page">
      <div className="mb-3 flex items-baseline justify-between">
        <h2 className="text-sm font-semibold text-slate-900">{t("permissionsPage.title")}</h2>
        <span className="text-xs text-slate-500">{t("permissionsPage.count", { count })}</span>
      </div>
      <p className="mb-3 text-sm text-slate-500">{t("permissionsPage.hint")}</p>
      {tree
        ? (
          <PermissionTree
            tree={tree}
            readOnly
            extra={(name) => (
              <span className="ml-auto flex shrink-0 flex-wrap justify-end gap-1">
                {roles.filter((r) => r.grantedPermissions.includes(name)).map((r) => (
                  <Badge key={r.id} tone="blue">{roleDisplayName(t, r)}</Badge>
                ))}
              </span>
            )}
          />
        )
        : (
          <div className="flex justify-center py-10 text-primary">
            <Spinner />
          </div>
        )}
    </div>
  );
}

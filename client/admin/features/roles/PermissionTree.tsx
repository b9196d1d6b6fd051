// The permission tree of /app/Role/GetAllPermissions with labels from locales permissions.*:
// check boxes (a group checks or clears all its permissions) or read-only.
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { permissionLabelKey } from "../../../../server/domain/auth/permissions.ts";
import { type PermissionNode, rolesApi } from "./api.ts";

export function usePermissionTree() {
  const [tree, setTree] = useState<PermissionNode[] | null>(null);
  useEffect(() => {
    rolesApi.permissions().then(
      (r) => setTree(r.items),
      () => setTree([]),
    );
  }, []);
  return tree;
}

export const leavesOf = (n: PermissionNode): string[] =>
  n.children ? n.children.flatMap(leavesOf) : [n.name];

function GroupBox(
  { checked, indeterminate, onChange, label, id }: {
    checked: boolean;
    indeterminate: boolean;
    onChange: (v: boolean) => void;
    label: string;
    id: string;
  },
) {
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = indeterminate;
  }, [indeterminate]);
  return (
    <label
      htmlFor={id}
      className="inline-flex items-center gap-2 text-sm font-semibold text-slate-800"
    >
      <input
        ref={ref}
        id={id}
        type="checkbox"
        className="size-4 accent-primary"
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
      />
      {label}
    </label>
  );
}

export function PermissionTree(
  { tree, value, onChange, readOnly, extra }: {
    tree: PermissionNode[];
    value?: string[];
    onChange?: (v: string[]) => void;
    readOnly?: boolean;
    /** Something to show beside each permission (the roles holding it …). */
    extra?: (name: string) => React.ReactNode;
  },
) {
  const { t } = useTranslation();
  const selected = new Set(value ?? []);
  const toggle = (names: string[], on: boolean) => {
    const next = new Set(selected);
    for (const n of names) on ? next.add(n) : next.delete(n);
    onChange?.([...next].sort());
  };
  return (
    <ul className="space-y-2" data-testid="permission-tree" role="tree">
      {tree.map((g) => {
        const leaves = leavesOf(g);
        const count = leaves.filter((l) => selected.has(l)).length;
        const gid = `perm-${g.name.replaceAll(".", "-")}`;
        return (
          <li
            key={g.name}
            role="treeitem"
            aria-expanded="true"
            className="rounded-md ring-1 ring-slate-200"
          >
            <div className="flex items-center justify-between border-b border-slate-100 bg-slate-50 px-3 py-1.5">
              {readOnly
                ? (
                  <span className="text-sm font-semibold text-slate-800">
                    {t(permissionLabelKey(g.name))}
                  </span>
                )
                : (
                  <GroupBox
                    id={gid}
                    label={t(permissionLabelKey(g.name))}
                    checked={count === leaves.length && count > 0}
                    indeterminate={count > 0 && count < leaves.length}
                    onChange={(on) => toggle(leaves, on)}
                  />
                )}
              <code className="text-xs text-slate-400">{g.name}</code>
            </div>
            <ul role="group" className="grid gap-x-4 gap-y-1 px-3 py-2 sm:grid-cols-2">
              {(g.children ?? []).map((p) => (
                <li key={p.name} role="treeitem" className="flex min-w-0 items-center gap-2 py-0.5">
                  {readOnly
                    ? <span className="size-1.5 shrink-0 rounded-full bg-primary" />
                    : (
                      <input
                        id={`perm-${p.name}`}
                        type="checkbox"
                        className="size-4 shrink-0 accent-primary"
                        checked={selected.has(p.name)}
                        onChange={(e) => toggle([p.name], e.target.checked)}
                      />
                    )}
                  <label
                    htmlFor={readOnly ? undefined : `perm-${p.name}`}
                    className="min-w-0 text-sm text-slate-700"
                  >
                    {t(permissionLabelKey(p.name))}
                    {/* Under the label, broken at any point: a permission's name has no space. */}
                    <span className="block text-xs text-slate-400 [overflow-wrap:anywhere]">
                      {p.name}
                    </span>
                  </label>
                  {extra?.(p.name)}
                </li>
              ))}
            </ul>
          </li>
        );
      })}
    </ul>
  );
}

// The permission catalogue of spec §6 ({product} = Pcs), grouped as the permission tree shows it,
// and the seeded roles.

const PRODUCT = "Pcs";

export const Permissions = {
  UserSearch: "System.User.Search",
  RoleSearch: "System.Role.Search",
  PermissionSearch: "System.Permission.Search",
  GroupSearch: "System.Group.Search",
  LogSearch: "System.Log.Search",
  SystemResourceSearch: `${PRODUCT}.Module.QMO.SystemResource.Search`,
  SystemCodeTypeSearch: `${PRODUCT}.Module.QMO.SystemCodeType.Search`,
  EmailManagerSearch: `${PRODUCT}.Module.QMO.EmailManager.Search`,
  LeaderManagerSearch: `${PRODUCT}.Module.QMO.LeaderManager.Search`,
  /** The working-day calendar: official holidays and make-up days per year, imported from files. */
  CalendarSearch: `${PRODUCT}.Module.QMO.Calendar.Search`,
  SupplierSearch: `${PRODUCT}.Module.QMO.Supplier.Search`,
  OfferProjectTypeSearch: `${PRODUCT}.Module.QMO.OfferProjectType.Search`,
  OfferProjectManagerSearch: `${PRODUCT}.Module.QMO.OfferProjectManager.Search`,
  OfferProjectManagerPublish: `${PRODUCT}.Module.QMO.OfferProjectManager.Publish`,
  SupplierOfferSearch: `${PRODUCT}.Module.QMO.SupplierOffer.Search`,
  AmsOfferProjectManagerSearch: `${PRODUCT}.AMS.OfferProjectManager.Search`,
  AmsOfferProjectManagerPublish: `${PRODUCT}.AMS.OfferProjectManager.Publish`,
  PagesUsers: "Pages.Users",
  PagesRoles: "Pages.Roles",
} as const;

export type Permission = (typeof Permissions)[keyof typeof Permissions];

/** Who may look at projects: staff of either kind (materials, fixed assets). */
export const ProjectSearch = [
  Permissions.OfferProjectManagerSearch,
  Permissions.AmsOfferProjectManagerSearch,
] as const;
/** Who may publish, end and close projects of either kind. */
export const ProjectPublish = [
  Permissions.OfferProjectManagerPublish,
  Permissions.AmsOfferProjectManagerPublish,
] as const;

export const allPermissions: Permission[] = Object.values(Permissions);

export type PermissionNode = { name: string; children?: PermissionNode[] };

/** Groups for the permission tree; leaves are the permission strings. */
export const permissionTree: PermissionNode[] = [
  {
    name: "System",
    children: [
      Permissions.UserSearch,
      Permissions.RoleSearch,
      Permissions.PermissionSearch,
      Permissions.GroupSearch,
      Permissions.LogSearch,
    ].map((name) => ({ name })),
  },
  {
    name: `${PRODUCT}.Module.QMO`,
    children: [
      Permissions.SystemResourceSearch,
      Permissions.SystemCodeTypeSearch,
      Permissions.EmailManagerSearch,
      Permissions.LeaderManagerSearch,
      Permissions.CalendarSearch,
      Permissions.SupplierSearch,
      Permissions.OfferProjectTypeSearch,
      Permissions.OfferProjectManagerSearch,
      Permissions.OfferProjectManagerPublish,
      Permissions.SupplierOfferSearch,
    ].map((name) => ({ name })),
  },
  {
    name: `${PRODUCT}.AMS`,
    children: [Permissions.AmsOfferProjectManagerSearch, Permissions.AmsOfferProjectManagerPublish]
      .map((name) => ({ name })),
  },
  {
    name: "Pages",
    children: [Permissions.PagesUsers, Permissions.PagesRoles].map((name) => ({ name })),
  },
];

export const StaticRoles = { Admin: "Admin", Buyer: "Buyer", Supplier: "Supplier" } as const;

export const staticRolePermissions: Record<string, Permission[]> = {
  [StaticRoles.Admin]: allPermissions,
  [StaticRoles.Buyer]: [
    Permissions.SupplierSearch,
    Permissions.OfferProjectTypeSearch,
    Permissions.OfferProjectManagerSearch,
    Permissions.OfferProjectManagerPublish,
    Permissions.AmsOfferProjectManagerSearch,
    Permissions.AmsOfferProjectManagerPublish,
    // The supplier quotations page: the quotes received across the buyer's projects.
    Permissions.SupplierOfferSearch,
  ],
  [StaticRoles.Supplier]: [Permissions.SupplierOfferSearch],
};

export const isPermission = (name: string): name is Permission =>
  (allPermissions as string[]).includes(name);

/** Locale key of a permission or tree group name: dots become underscores. */
export const permissionLabelKey = (name: string) => `permissions.${name.replaceAll(".", "_")}`;

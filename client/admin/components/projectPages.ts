// Where the pages of each kind of project are, and the permissions that go with them: for links
// from any area to a project's list, launch or result page.
import { Permissions } from "../../../server/domain/auth/permissions.ts";
import type { ProjectKind } from "../../../server/domain/projects/rules.ts";

export type Kind = ProjectKind;

/** The list page of each kind, its launch and result pages, and the permissions that go with it. */
export const kindPages = {
  material: {
    list: "/offerProjectManager/OfferProjectManagerList",
    launch: "/offerProjectManager/launch",
    result: "/offerProjectManager/offerProjectManagerResult",
    search: Permissions.OfferProjectManagerSearch,
    publish: Permissions.OfferProjectManagerPublish,
  },
  asset: {
    list: "/offerProjectManager/offerProjectAMSList",
    launch: "/offerProjectManager/AMSlaunch",
    result: "/offerProjectManager/AMSOfferProjectManagerResult",
    search: Permissions.AmsOfferProjectManagerSearch,
    publish: Permissions.AmsOfferProjectManagerPublish,
  },
} as const;

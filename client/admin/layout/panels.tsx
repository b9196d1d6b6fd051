// Panels one area shows on another area's page: the dashboard's cards, the questions under each
// kind's overview, the result page's questions, auction and savings sections, and the award
// approvals inside the comparison. Each area declares its panels (features/<area>/panels.ts), the
// shell (routes.ts) lists them in order, and a page renders the panels of its slot and place.
import { type ComponentType, createContext, type LazyExoticComponent, Suspense } from "react";
import { useContext } from "react";
import { hasRoutePermission } from "../../shared/permission.ts";
import { session } from "../../shared/session.ts";
import { useStore } from "../../shared/store.ts";
import type { Wire } from "../../shared/wire.ts";
import type { dashboardSummary } from "../../../server/domain/projects/dashboard.ts";
import type { getProjectResult } from "../../../server/domain/projects/read.ts";
import type { ProjectKind } from "../../../server/domain/projects/rules.ts";
import type { AwardApprovalDto } from "../../../server/domain/comparison/approvalRead.ts";

/** What each slot hands its panels. */
export type SlotProps = {
  /** The home page: nothing, each card loads what it shows. */
  dashboard: Record<never, never>;
  /** One kind's overview card on the home page, with the overview the card loaded. */
  kindOverview: {
    kind: ProjectKind;
    summary: Wire<Awaited<ReturnType<typeof dashboardSummary>>> | null;
    /** The result page of this kind, for links to a project. */
    resultPath: string;
  };
  /** A project's result page. */
  projectResult: {
    project: Wire<Awaited<ReturnType<typeof getProjectResult>>>["project"];
    /** Changes each time the page loads the project again. */
    loaded: unknown;
    /** The user may publish projects of this kind. */
    mayPublish: boolean;
    /** Loads the project again. */
    reload: () => void;
    /** The matrix changed (an auction's final bids): the comparison reads it again. */
    onMatrixChanged: () => void;
  };
  /** The result page's comparison, with the project's award proposals (newest first). */
  comparison: { approvals: Wire<AwardApprovalDto>[] };
};

/** Where on its page a slot's panels stand. */
type SlotPlaces = {
  dashboard: "beforeOverview" | "afterOverview";
  kindOverview: "end";
  projectResult: "afterSuppliers" | "beforeComparison" | "afterComparison";
  comparison: "afterAward" | "end";
};

export type Slot = keyof SlotProps;

/** One area's panel: its name, where it stands, who sees it (one of the permissions). */
export type Panel = {
  [S in Slot]: {
    name: string;
    slot: S;
    place: SlotPlaces[S];
    permissions?: readonly string[];
    component: LazyExoticComponent<ComponentType<SlotProps[S]>>;
  };
}[Slot];

export const PanelContext = createContext<readonly Panel[]>([]);

/** The panels of one slot and place, in the shell's order, each where the user may see it. */
export function SlotPanels<S extends Slot>(
  { slot, place, props }: { slot: S; place: SlotPlaces[S]; props: SlotProps[S] },
) {
  const panels = useContext(PanelContext);
  const granted = useStore(session)?.grantedPermissionNames ?? [];
  return panels.filter((p) => p.slot === slot && p.place === place)
    .filter((p) => hasRoutePermission({ title: p.name, permissions: p.permissions }, granted))
    .map((p) => {
      const C = p.component as ComponentType<SlotProps[S]>;
      return (
        <Suspense key={p.name} fallback={null}>
          <C {...props} />
        </Suspense>
      );
    });
}

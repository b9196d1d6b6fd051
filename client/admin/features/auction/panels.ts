// The reverse auction's section on a project's result page (the shell places it,
// layout/panels.tsx).
import { lazy } from "react";
import type { Panel } from "../../layout/panels.tsx";

export const auctionPanel: Panel = {
  name: "auction",
  slot: "projectResult",
  place: "beforeComparison",
  component: lazy(() =>
    import("./AuctionSection.tsx").then((m) => ({ default: m.AuctionSection }))
  ),
};

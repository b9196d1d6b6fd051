// Each tab's page knows its own location, even while hidden behind another tab.
import { createContext, useContext } from "react";

export type ViewInfo = { path: string; fullPath: string; search: string; active: boolean };

export const ViewContext = createContext<ViewInfo>({
  path: "/",
  fullPath: "/",
  search: "",
  active: true,
});

/** The page's own path and query (stable while its tab is in the background). */
export const useView = () => useContext(ViewContext);

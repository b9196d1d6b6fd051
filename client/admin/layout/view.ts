// Each tab's page knows its own location, even while hidden behind another tab.
import { createContext, useContext } from "react";

export type ViewInfo = { path: string; fullPath: string; search: string; active: boolean };

/** What a page outside the layout's tabs sees (the sign-in, /401 and /404 pages). */
export const NO_VIEW: ViewInfo = { path: "/", fullPath: "/", search: "", active: true };

export const ViewContext = createContext<ViewInfo>(NO_VIEW);

/** The page's own path and query (stable while its tab is in the background). */
export const useView = () => useContext(ViewContext);

// The signed-in user's menu as the layout filtered it, for pages that show it (the dashboard's
// shortcuts) without importing the route table that imports them.
import { createContext, useContext } from "react";
import type { AdminRoute, FlatRoute } from "./route.ts";

export type Menu = { routes: AdminRoute[]; flat: Map<string, FlatRoute> };

export const MenuContext = createContext<Menu>({ routes: [], flat: new Map() });

export const useMenuOfLayout = () => useContext(MenuContext);

// Entry of the supplier portal.
import "../shared/styles.css";
import { startApp } from "../shared/start.tsx";
import { Portal } from "./Portal.tsx";

startApp(<Portal />);

// Entry of the staff back-office.
import "../shared/styles.css";
import { startApp } from "../shared/start.tsx";
import { App } from "./App.tsx";

startApp(<App />);

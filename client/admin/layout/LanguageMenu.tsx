// The language picker lives in client/shared (the portal has it too).
export { LanguageMenu } from "../../shared/LanguageMenu.tsx";

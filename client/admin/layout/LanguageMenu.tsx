// The language picker lives in client/shared (the portal has it too).
export { changeLanguage, LanguageMenu } from "../../shared/LanguageMenu.tsx";

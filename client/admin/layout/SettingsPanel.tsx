// Theme settings panel: theme colour swatches, tags view, fixed header, sidebar logo (saved).
import { Dialog, DialogPanel, DialogTitle, Field, Label, Switch } from "@headlessui/react";
import { useTranslation } from "react-i18next";
import { Icon } from "../../shared/icons.tsx";
import { changeSetting, type Settings, settings, themeColors } from "../../shared/settings.ts";
import { createStore, useStore } from "../../shared/store.ts";

const panelOpen = createStore(false);
export const openSettingsPanel = () => panelOpen.set(true);

export function SettingsPanel() {
  const { t } = useTranslation();
  const open = useStore(panelOpen);
  const s = useStore(settings);
  const toggles: (keyof Settings)[] = ["tagsView", "fixedHeader", "sidebarLogo"];
  return (
    <Dialog open={open} onClose={() => panelOpen.set(false)} className="relative z-50">
      <div className="fixed inset-0 bg-slate-900/20" aria-hidden="true" />
      <DialogPanel
        className="fixed inset-y-0 right-0 w-80 max-w-full overflow-y-auto bg-white p-5 shadow-xl"
        data-testid="settings-panel"
      >
        <div className="mb-5 flex items-center justify-between">
          <DialogTitle className="font-semibold text-slate-900">
            {t("shell.settings.title")}
          </DialogTitle>
          <button
            type="button"
            className="icon-btn"
            onClick={() => panelOpen.set(false)}
            aria-label={t("shell.close")}
          >
            <Icon name="close" />
          </button>
        </div>
        <fieldset>
          <legend className="label">{t("shell.settings.theme")}</legend>
          <div className="mt-2 grid grid-cols-5 gap-2">
            {themeColors.map((c) => (
              <button
                key={c}
                type="button"
                className="flex h-8 items-center justify-center rounded-md ring-offset-2 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-slate-400"
                style={{ backgroundColor: c }}
                aria-label={c}
                aria-pressed={s.theme.toLowerCase() === c}
                onClick={() => changeSetting("theme", c)}
              >
                {s.theme.toLowerCase() === c && <Icon name="check" className="size-4 text-white" />}
              </button>
            ))}
          </div>
        </fieldset>
        <div className="mt-6 space-y-4 border-t border-slate-100 pt-5">
          {toggles.map((key) => (
            <Field key={key} className="flex items-center justify-between">
              <Label className="text-sm text-slate-700">{t(`shell.settings.${key}`)}</Label>
              <Switch
                checked={s[key] as boolean}
                onChange={(v: boolean) => changeSetting(key, v)}
                className="group relative inline-flex h-5 w-9 shrink-0 cursor-pointer rounded-full bg-slate-300 transition-colors data-checked:bg-primary focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary"
              >
                <span className="pointer-events-none inline-block size-4 translate-x-0.5 translate-y-0.5 rounded-full bg-white shadow transition-transform group-data-checked:translate-x-4.5" />
              </Switch>
            </Field>
          ))}
        </div>
        <p className="mt-6 text-xs text-slate-400">{t("shell.settings.saved")}</p>
      </DialogPanel>
    </Dialog>
  );
}

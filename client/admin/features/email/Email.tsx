// System settings › email alert management: the templates (subject code, subject, content, send
// mechanism, mechanism description, notify object, active flag) and the email log with resend.
import { Tab, TabGroup, TabList, TabPanel, TabPanels } from "@headlessui/react";
import { useTranslation } from "react-i18next";
import { Templates } from "./Templates.tsx";
import { EmailLog } from "./EmailLog.tsx";

export default function Email() {
  const { t } = useTranslation();
  const tab =
    "-mb-px border-b-2 border-transparent px-1 pb-2 text-sm text-slate-500 outline-none data-hover:text-slate-800 data-selected:border-primary data-selected:font-medium data-selected:text-primary data-focus:ring-2 data-focus:ring-primary-200";
  return (
    <div className="card p-4" data-testid="email-page">
      <TabGroup>
        <TabList className="mb-4 flex gap-5 border-b border-slate-200">
          <Tab className={tab}>{t("emailPage.templates")}</Tab>
          <Tab className={tab}>{t("emailPage.log")}</Tab>
        </TabList>
        <TabPanels>
          <TabPanel unmount={false}>
            <Templates />
          </TabPanel>
          <TabPanel unmount={false}>
            <EmailLog />
          </TabPanel>
        </TabPanels>
      </TabGroup>
    </div>
  );
}

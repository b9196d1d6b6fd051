// The home page's warning for buyers: deadlines in a year whose official holiday schedule is not
// loaded (there, only weekends count as days off), with a link to the calendar page for those who
// may import it.
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Icon } from "../../../shared/icons.tsx";
import { usePermission } from "../../../shared/session.ts";
import { Permissions } from "../../../../server/domain/auth/permissions.ts";
import { kindPages } from "../../components/projectPages.ts";
import { dashboardApi } from "./api.ts";

type Warning = { year: number; message: string };

export function CalendarWarning() {
  const { t } = useTranslation();
  const buyer = usePermission(kindPages.material.search) || usePermission(kindPages.asset.search);
  const mayImport = usePermission(Permissions.CalendarSearch);
  const [items, setItems] = useState<Warning[]>([]);
  useEffect(() => {
    if (buyer) dashboardApi.deadlineWarnings().then((r) => setItems(r.items)).catch(() => {});
  }, [buyer]);
  if (!items.length) return null;
  return (
    <ul className="space-y-2" data-testid="calendar-warnings">
      {items.map((w) => (
        <li
          key={w.year}
          className="flex flex-wrap items-start gap-2 rounded-lg bg-amber-50 px-4 py-3 text-sm text-amber-900 ring-1 ring-amber-200"
          data-year={w.year}
        >
          <Icon name="warning" className="mt-0.5 size-4 shrink-0 text-amber-600" />
          <span className="min-w-0 flex-1">{w.message}</span>
          {mayImport && (
            <Link
              to={`/systemSetting/workingCalendar?year=${w.year}`}
              className="font-medium text-primary hover:underline"
            >
              {t("calendarPage.open", { year: w.year })}
            </Link>
          )}
        </li>
      ))}
    </ul>
  );
}

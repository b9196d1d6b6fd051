// On a project's page: the reverse auction this supplier takes part in, if any, with its times and
// the way to its live page.
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Icon } from "../../shared/icons.tsx";
import { timeRange } from "../../shared/auctionClock.ts";
import { auctionApi, type MyAuction } from "../auction.ts";

export function AuctionLink({ projectId }: { projectId: number }) {
  const { t } = useTranslation();
  const [a, setA] = useState<MyAuction | null>(null);
  useEffect(() => {
    auctionApi.get(projectId).then(setA).catch(() => setA(null));
  }, [projectId]);
  if (!a) return null;
  return (
    <Link
      to={`/portal/projects/${projectId}/auction`}
      className="card flex items-center gap-3 px-4 py-3 text-sm hover:ring-primary"
      data-testid="auction-link"
    >
      <Icon name="clock" className="size-5 text-primary" />
      <span className="flex-1">
        <span className="font-medium text-slate-900">{t("auctionPage.invited")}</span>
        <span className="block text-xs text-slate-500">
          {t(`auctionPage.states.${a.state}`)} · {timeRange(a.startAt, a.closesAt)} UTC+8
        </span>
      </span>
      <span className="text-primary">{t("auctionPage.open")}</span>
    </Link>
  );
}

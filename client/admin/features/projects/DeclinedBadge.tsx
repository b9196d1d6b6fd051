// A supplier's decline to quote, where the buyer's pages would otherwise say "not quoted": a badge
// with the reason in the reader's language (the data dictionary's DeclineReason names) and the
// supplier's own words.
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Badge } from "../../components/index.ts";
import { formatTime } from "../../../shared/time.ts";
import { projectsApi } from "./api.ts";

type Decline = { at: string; reason: string; text: string | null };
type Names = Map<string, { name: string; nameEn: string | null }>;

// Read once per page load: every row of a table shows a name from the same short list.
let reasons: Promise<Names> | null = null;
const reasonNames = () =>
  reasons ??= projectsApi.codeOptions("DeclineReason")
    .then((r) => new Map(r.items.map((o) => [o.code, o])))
    .catch(() => new Map());

export function DeclinedBadge({ decline }: { decline: Decline }) {
  const { t, i18n } = useTranslation();
  const [names, setNames] = useState<Names | null>(null);
  useEffect(() => {
    reasonNames().then(setNames);
  }, []);
  const n = names?.get(decline.reason);
  const reason = n ? (i18n.language === "en" ? n.nameEn || n.name : n.name) : decline.reason;
  return (
    <span className="inline-flex flex-col gap-0.5" data-testid="declined">
      <span>
        <Badge tone="amber">{t("declines.badge")}</Badge>{" "}
        <span className="text-xs text-slate-500 tabular-nums">{formatTime(decline.at)}</span>
      </span>
      <span className="text-xs text-slate-600">
        {reason}
        {decline.text ? `: ${decline.text}` : ""}
      </span>
    </span>
  );
}

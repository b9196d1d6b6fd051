// The shapes the certificate and performance calls answer, shared by the server and the screens
// (no imports, so the client can use them without pulling in the server).

export type CertificateTypeOption = { code: string; name: string; nameEn: string | null };

export type CertificateStatus = "valid" | "expiring" | "expired";

export type CertificateDto = {
  id: number;
  supplierId: number;
  type: string;
  typeName: string;
  typeNameEn: string;
  number: string;
  issuedOn: string;
  expiresOn: string | null;
  status: CertificateStatus;
  /** Days until the expiry date (negative once expired); null without an expiry date. */
  daysLeft: number | null;
  file: { id: number; fileName: string; size: number } | null;
  remark: string | null;
  expiryWarnedAt: Date | null;
  creationTime: Date;
  lastModificationTime: Date | null;
};

export type ExpiringCertificate = {
  id: number;
  supplierId: number;
  supplierCode: string;
  supplierName: string;
  type: string;
  number: string;
  expiresOn: string;
  daysLeft: number;
  warned: boolean;
};

export type RankBy = "price" | "time";

export type ProjectOutcome = {
  projectId: number;
  code: string;
  name: string;
  kind: "material" | "asset";
  invitedAt: Date;
  deadline: Date | null;
  /** The first quotation is over (ended or closed, no round open): ranks are final. */
  over: boolean;
  /** When the supplier first quoted (first quote, round 0), or null. */
  quotedAt: Date | null;
  /** The supplier declined to quote (and did not withdraw the decline). */
  declined: boolean;
  /** Quoted at least ON_TIME_LEAD_MS before the deadline; null without a quote or a deadline. */
  onTime: boolean | null;
  rank: number | null;
  /** How many suppliers quoted (the rank is out of these). */
  rankOf: number | null;
  rankBy: RankBy | null;
};

export type PerformanceSummary = {
  invitations: number;
  /** Invitations whose outcome is known: the supplier quoted, or the first quotation is over. */
  settled: number;
  quoted: number;
  /** Settled invitations the supplier declined with a reason. */
  declined: number;
  /** Settled invitations with neither a quote nor a decline: the supplier said nothing. */
  silent: number;
  /** quoted / settled, 0–1 to four decimals; null before any invitation is settled. */
  responseRate: number | null;
  /** Quotes on projects with a deadline (the base of the on-time rate). */
  timed: number;
  onTime: number;
  onTimeRate: number | null;
  rankedProjects: number;
  /** Mean rank over the ranked projects, to two decimals (1 is best). */
  averageRank: number | null;
};

// The shapes of the integrity signals, shared by the server and the result page (no imports, so
// the client can use them without pulling in the server).

export type SignalQuote = {
  quoteId: number;
  supplierId: number;
  code: string;
  abbrName: string;
  round: number;
  submittedAt: Date;
  fileName: string;
};

export type SameFileSignal = { sha256: string; size: number; quotes: SignalQuote[] };
export type SameIpSignal = { clientIp: string; quotes: SignalQuote[] };
export type NearPriceLine = {
  itemId: number;
  itemName: string;
  /** Unit prices before tax in CNY, as the comparison matrix has them. */
  priceA: string;
  priceB: string;
  /** |A − B| as a percentage of the lower price (2 decimals). */
  differencePercent: string;
};
export type NearPricePair = {
  a: { supplierId: number; code: string; abbrName: string; round: number | null };
  b: { supplierId: number; code: string; abbrName: string; round: number | null };
  lines: NearPriceLine[];
  identicalLines: number;
};

/** GetIntegritySignals. */
export type IntegritySignalsDto = {
  projectId: number;
  /** The near-identical threshold, in percent of the lower price. */
  nearPricePercent: string;
  sameFile: SameFileSignal[];
  sameIp: SameIpSignal[];
  nearPrices: {
    status: "ok" | "sealed" | "noPrices";
    /** When the seal opens (UTC+8), while sealed. */
    opensAt: string | null;
    pairs: NearPricePair[];
  };
  count: number;
};

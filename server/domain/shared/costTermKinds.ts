// The kinds of the buyer's cost terms; imported by the client too, so it imports nothing.

/** freight, duty, payment-term financing, a one-off qualification or switching cost, another. */
export const COST_TERM_KINDS = ["freight", "duty", "financing", "qualification", "other"] as const;

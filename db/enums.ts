// Values of the schema's enum columns that other layers name too (input schemas, screens): said
// once here, below everything, and imported by the schema and by whoever needs the list.

/** What sends an email template: a project event, a scheduled reminder, or a buyer by hand. */
export const EMAIL_MECHANISMS = [
  "published",
  "beforeDeadline",
  "roundOpened",
  "ended",
  "closed",
  "quoteReceived",
  "quoteReceipt",
  "packRevised",
  "awarded",
  "awardWithdrawn",
  "awardApprovalRequested",
  "awardApprovalDecided",
  "awardApprovalCancelled",
  "certificateExpiring",
  "questionAsked",
  "questionAnswered",
  "quoteDeclined",
  "auctionInvited",
  "auctionReminder",
  "auctionResult",
  "backupFailed",
  "twoFactorReset",
  "manual",
] as const;

/** Who an email template goes to. */
export const EMAIL_RECIPIENTS = [
  "suppliers",
  "suppliersNotQuoted",
  "buyer",
  "buyerAndLeader",
  "approver",
  "administrators",
  "account",
] as const;

// Email template text: the placeholders a template may use, their validation on save, rendering,
// and the templates every installation starts with (Chinese and English).
import { eq } from "drizzle-orm";
import { emailTemplates } from "../../../db/schema.ts";
import type { DbOrTx } from "../../../db/client.ts";
import type { FieldError } from "../errors.ts";
import { PLACEHOLDERS } from "./schemas.ts";

type Placeholder = (typeof PLACEHOLDERS)[number];
/** An event fills the placeholders it knows; the others are rendered empty. */
export type PlaceholderValues = Partial<Record<Placeholder, string>>;

const PLACEHOLDER = /\{\{\s*([^{}]*?)\s*\}\}/g;

/** Placeholders in `text` that are not in PLACEHOLDERS, as written. */
function unknownPlaceholders(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(PLACEHOLDER)) {
    if (!(PLACEHOLDERS as readonly string[]).includes(m[1]) && !out.includes(m[1])) out.push(m[1]);
  }
  return out;
}

/** Where `text` has double braces that do not make a placeholder (one left unclosed …): a snippet. */
function brokenPlaceholder(text: string): string | null {
  const rest = text.replace(PLACEHOLDER, "");
  const at = rest.search(/\{\{|\}\}/);
  return at < 0 ? null : rest.slice(Math.max(0, at - 10), at + 20).trim();
}

/** One field error per unknown or unclosed placeholder of each text field, naming it. */
export function placeholderErrors(fields: Record<string, string | null | undefined>): FieldError[] {
  const errors: FieldError[] = [];
  for (const [member, text] of Object.entries(fields)) {
    const broken = brokenPlaceholder(text ?? "");
    if (broken !== null) {
      errors.push({
        messageKey: "email.brokenPlaceholder",
        params: { near: broken },
        members: [member],
      });
    }
    for (const name of unknownPlaceholders(text ?? "")) {
      errors.push({
        messageKey: "email.unknownPlaceholder",
        params: { name, allowed: PLACEHOLDERS.join(", ") },
        members: [member],
      });
    }
  }
  return errors;
}

export function render(text: string, values: PlaceholderValues): string {
  return text.replace(
    PLACEHOLDER,
    (whole, name: string) =>
      (PLACEHOLDERS as readonly string[]).includes(name)
        ? values[name as Placeholder] ?? ""
        : whole,
  );
}

export type Mechanism = typeof emailTemplates.$inferSelect["mechanism"];
export type NotifyObject = typeof emailTemplates.$inferSelect["notifyObject"];
/** Who a template goes to when the form leaves it open. */
export const defaultNotifyObject: Record<Mechanism, NotifyObject> = {
  published: "suppliers",
  beforeDeadline: "suppliersNotQuoted",
  roundOpened: "suppliers",
  ended: "buyerAndLeader",
  closed: "buyerAndLeader",
  quoteReceived: "buyer",
  quoteReceipt: "suppliers",
  packRevised: "suppliers",
  awarded: "suppliers",
  awardWithdrawn: "suppliers",
  awardApprovalRequested: "approver",
  awardApprovalDecided: "buyer",
  awardApprovalCancelled: "approver",
  certificateExpiring: "buyer",
  questionAsked: "buyer",
  questionAnswered: "suppliers",
  quoteDeclined: "buyer",
  auctionInvited: "suppliers",
  auctionReminder: "suppliers",
  auctionResult: "suppliers",
  backupFailed: "administrators",
  twoFactorReset: "account",
  manual: "suppliers",
};

type Seed = Omit<typeof emailTemplates.$inferInsert, "id" | "createdAt" | "updatedAt">;

const signature = "\n\nQMO 报价管理系统（此邮件由系统自动发送，请勿回复）";
const signatureEn = "\n\nQMO Quotation Management (automatic message, please do not reply)";

const seededTemplates: Seed[] = [
  {
    code: "PROJECT_PUBLISHED",
    mechanism: "published",
    notifyObject: "suppliers",
    mechanismDescription:
      "项目发布时发送给每个受邀供应商 / Sent to each invited supplier on publishing",
    subject: "【报价邀请】{{projectCode}} {{projectName}}",
    content:
      "{{supplierName}}，您好：\n\n我司诚邀贵司参与报价项目 {{projectCode}}「{{projectName}}」。" +
      "\n报价截止时间：{{deadline}}（北京时间，UTC+8）。\n请登录供应商门户查看说明并上传报价附件：{{portalLink}}" +
      signature,
    subjectEn: "[Request for quotation] {{projectCode}} {{projectName}}",
    contentEn: "Dear {{supplierName}},\n\nYou are invited to quote for project {{projectCode}} " +
      '"{{projectName}}".\nQuotation deadline: {{deadline}} (UTC+8).\n' +
      "Please sign in to the supplier portal to read the instructions and upload your quotation: " +
      "{{portalLink}}" + signatureEn,
  },
  {
    code: "DEADLINE_REMINDER",
    mechanism: "beforeDeadline",
    notifyObject: "suppliersNotQuoted",
    // No hours of its own: the system resource "reminder hours" (24 and 2 unless changed) apply.
    hoursBefore: null,
    mechanismDescription:
      "按系统资源的提醒时间（默认截止前 24 和 2 小时）提醒尚未报价的供应商 / At the system's reminder hours (24 and 2 hours before the deadline unless changed), to suppliers that have not quoted",
    subject: "【报价提醒】{{projectCode}} {{projectName}} 将于 {{deadline}} 截止",
    content:
      "{{supplierName}}，您好：\n\n报价项目 {{projectCode}}「{{projectName}}」将于 {{deadline}}" +
      "（北京时间，UTC+8）截止，我们尚未收到贵司的报价。\n逾期未提交视为放弃。请尽快登录供应商门户上传报价：" +
      "{{portalLink}}" + signature,
    subjectEn: "[Reminder] {{projectCode}} {{projectName}} closes at {{deadline}}",
    contentEn: 'Dear {{supplierName}},\n\nProject {{projectCode}} "{{projectName}}" closes for ' +
      "quotations at {{deadline}} (UTC+8) and we have not received your quotation yet.\n" +
      "No submission by the deadline counts as a waiver. Please upload your quotation: {{portalLink}}" +
      signatureEn,
  },
  {
    code: "ROUND_OPENED",
    mechanism: "roundOpened",
    notifyObject: "suppliers",
    mechanismDescription:
      "开启优化报价轮次时发送给受邀供应商 / Sent to the suppliers invited to an optimisation round",
    subject: "【{{round}}】{{projectCode}} {{projectName}}",
    content:
      "{{supplierName}}，您好：\n\n报价项目 {{projectCode}}「{{projectName}}」已开启{{round}}，" +
      "截止时间：{{deadline}}（北京时间，UTC+8）。\n请登录供应商门户上传优化报价：{{portalLink}}" +
      signature,
    subjectEn: "[{{round}}] {{projectCode}} {{projectName}}",
    contentEn: "Dear {{supplierName}},\n\n{{round}} of project {{projectCode}} " +
      '"{{projectName}}" is open until {{deadline}} (UTC+8).\n' +
      "Please upload your optimised quotation: {{portalLink}}" + signatureEn,
  },
  {
    code: "PROJECT_ENDED",
    mechanism: "ended",
    notifyObject: "buyerAndLeader",
    mechanismDescription:
      "项目结束时发送给采购员及负责人 / Sent to the buyer and the person in charge when a project ends",
    subject: "【报价结束】{{projectCode}} {{projectName}}",
    content:
      "{{recipientName}}，您好：\n\n报价项目 {{projectCode}}「{{projectName}}」已结束（{{reason}}），" +
      "可以查看报价结果。" + signature,
    subjectEn: "[Quotation ended] {{projectCode}} {{projectName}}",
    contentEn: 'Dear {{recipientName}},\n\nProject {{projectCode}} "{{projectName}}" has ended ' +
      "({{reason}}); the quotations can now be reviewed." + signatureEn,
  },
  {
    code: "PROJECT_CLOSED",
    mechanism: "closed",
    notifyObject: "buyerAndLeader",
    mechanismDescription:
      "项目关闭时发送给采购员及负责人 / Sent to the buyer and the person in charge when a project is closed",
    subject: "【项目关闭】{{projectCode}} {{projectName}}",
    content:
      "{{recipientName}}，您好：\n\n报价项目 {{projectCode}}「{{projectName}}」已关闭。关闭原因：{{reason}}" +
      signature,
    subjectEn: "[Project closed] {{projectCode}} {{projectName}}",
    contentEn: 'Dear {{recipientName}},\n\nProject {{projectCode}} "{{projectName}}" was closed. ' +
      "Reason: {{reason}}" + signatureEn,
  },
  {
    code: "QUOTE_RECEIVED",
    mechanism: "quoteReceived",
    notifyObject: "buyer",
    mechanismDescription: "收到供应商报价时发送给采购员 / Sent to the buyer when a supplier quotes",
    subject: "【收到报价】{{projectCode}} {{supplierName}}",
    content:
      "{{recipientName}}，您好：\n\n供应商 {{supplierName}} 已提交报价项目 {{projectCode}}「{{projectName}}」" +
      "的报价（{{round}}）。" + signature,
    subjectEn: "[Quotation received] {{projectCode}} {{supplierName}}",
    contentEn:
      "Dear {{recipientName}},\n\n{{supplierName}} has submitted a quotation ({{round}}) for " +
      'project {{projectCode}} "{{projectName}}".' + signatureEn,
  },
  {
    code: "QUOTE_RECEIPT",
    mechanism: "quoteReceipt",
    notifyObject: "suppliers",
    mechanismDescription:
      "供应商提交报价后发送回执（含报价内容哈希与存证记录） / Sent to the supplier after each submission: the receipt with the content hash and its record",
    subject: "【报价回执】{{projectCode}} {{projectName}} {{submittedAt}}",
    content:
      "{{supplierName}}，您好：\n\n我们已于 {{submittedAt}}（北京时间，UTC+8）收到贵司对报价项目 {{projectCode}}" +
      "「{{projectName}}」的报价（{{round}}，依据需求文件第 {{packVersion}} 版）。\n" +
      "报价内容哈希（SHA-256）：{{contentHash}}\n存证记录：第 {{recordNo}} 条，记录哈希 {{recordHash}}\n" +
      "请保存此回执：哈希可证明我方收到的报价内容（附件与报价明细）未被更改。" +
      "附件名称不写入邮件：报价结束前，邮件记录也不应透露报价内容。查看报价：{{portalLink}}" +
      signature,
    subjectEn: "[Quotation receipt] {{projectCode}} {{projectName}} {{submittedAt}}",
    contentEn: "Dear {{supplierName}},\n\nWe received your quotation ({{round}}) for project " +
      '{{projectCode}} "{{projectName}}" at {{submittedAt}} (UTC+8), answering version ' +
      "{{packVersion}} of the request pack.\n" +
      "Content hash (SHA-256): {{contentHash}}\nRecord: entry {{recordNo}}, record hash {{recordHash}}\n" +
      "Keep this receipt: the hashes prove that the quotation we hold (attachment and priced lines) " +
      "is the one you sent. The file name is left out on purpose: until quoting ends, no email " +
      "record may tell what a quotation holds. " +
      "Your quotations: {{portalLink}}" + signatureEn,
  },
  {
    code: "PACK_REVISED",
    mechanism: "packRevised",
    notifyObject: "suppliers",
    mechanismDescription:
      "已发布项目的需求文件（明细、附件、说明）变更时通知受邀供应商 / Sent to the invited suppliers when a published request pack (items, attachments, instructions) changes",
    subject: "【需求变更】{{projectCode}} {{projectName}} 第 {{packVersion}} 版",
    content:
      "{{supplierName}}，您好：\n\n报价项目 {{projectCode}}「{{projectName}}」的需求文件已更新为第 {{packVersion}} 版" +
      "（物料明细、附件或报价说明有变更）。\n此前的报价仍保留，但标注为依据旧版本；请查看变更，并在 {{deadline}}" +
      "（北京时间，UTC+8）前重新报价：{{portalLink}}" + signature,
    subjectEn: "[Request changed] {{projectCode}} {{projectName}} version {{packVersion}}",
    contentEn:
      'Dear {{supplierName}},\n\nThe request pack of project {{projectCode}} "{{projectName}}" ' +
      "changed to version {{packVersion}} (line items, attachments or instructions).\n" +
      "Quotations sent before are kept but marked as answering an older version; please review " +
      "the change and quote again before {{deadline}} (UTC+8): {{portalLink}}" + signatureEn,
  },
  {
    code: "AWARD_NOTICE",
    mechanism: "awarded",
    notifyObject: "suppliers",
    mechanismDescription:
      "采购员定标时发送给中标供应商 / Sent to each supplier awarded when the buyer records the award",
    subject: "【中标通知】{{projectCode}} {{projectName}}",
    content:
      "{{supplierName}}，您好：\n\n感谢贵司参与报价项目 {{projectCode}}「{{projectName}}」。经评审，贵司中标：\n" +
      "{{awardedItems}}\n\n采购员将与贵司联系合同及订单事宜。供应商门户：{{portalLink}}" +
      signature,
    subjectEn: "[Award notice] {{projectCode}} {{projectName}}",
    contentEn: "Dear {{supplierName}},\n\nThank you for quoting for project {{projectCode}} " +
      '"{{projectName}}". After evaluation, your company has been awarded:\n{{awardedItems}}\n\n' +
      "The buyer will contact you about the contract and purchase orders. Supplier portal: " +
      "{{portalLink}}" + signatureEn,
  },
  {
    code: "AWARD_WITHDRAWN",
    mechanism: "awardWithdrawn",
    notifyObject: "suppliers",
    mechanismDescription:
      "采购员改定标、原中标供应商不再中标时发送 / Sent to a supplier that an earlier award named and a new award leaves out",
    subject: "【定标变更】{{projectCode}} {{projectName}}",
    content:
      "{{supplierName}}，您好：\n\n报价项目 {{projectCode}}「{{projectName}}」的定标结果已变更，此前通知贵司的中标" +
      "已撤销，请以本邮件为准，勿据此前的中标通知备货或签约。感谢贵司参与报价。供应商门户：{{portalLink}}" +
      signature,
    subjectEn: "[Award changed] {{projectCode}} {{projectName}}",
    contentEn: "Dear {{supplierName}},\n\nThe award of project {{projectCode}} " +
      '"{{projectName}}" has changed: the award we told your company of earlier is withdrawn. ' +
      "Please do not prepare goods or contracts on the strength of the earlier notice. Thank you " +
      "for quoting. Supplier portal: {{portalLink}}" + signatureEn,
  },
  {
    code: "AWARD_APPROVAL_REQUEST",
    mechanism: "awardApprovalRequested",
    notifyObject: "approver",
    mechanismDescription:
      "定标需要审批时发送给采购员的负责人（或管理员改派的审批人） / Sent to the buyer's person in charge (or the approver an admin reassigned it to) when an award needs approval",
    subject: "【定标审批】{{projectCode}} {{projectName}}",
    content:
      "{{recipientName}}，您好：\n\n{{proposedBy}} 提交了报价项目 {{projectCode}}「{{projectName}}」的定标，" +
      "需要您审批：\n{{awardedItems}}\n定标金额：{{awardAmount}}\n定标理由：{{reason}}\n" +
      "请登录后台查看比价矩阵并批准或驳回：{{approvalLink}}\n批准前不会通知供应商。" + signature,
    subjectEn: "[Award approval] {{projectCode}} {{projectName}}",
    contentEn: "Dear {{recipientName}},\n\n{{proposedBy}} proposes the award of project " +
      '{{projectCode}} "{{projectName}}", which needs your approval:\n{{awardedItems}}\n' +
      "Amount: {{awardAmount}}\nReason: {{reason}}\n" +
      "Please sign in to review the price comparison and approve or reject it: {{approvalLink}}\n" +
      "The suppliers are told nothing before it is approved." + signatureEn,
  },
  {
    code: "AWARD_APPROVAL_DECIDED",
    mechanism: "awardApprovalDecided",
    notifyObject: "buyer",
    mechanismDescription:
      "负责人批准或驳回定标时发送给提交定标的采购员 / Sent to the buyer who proposed an award when it is approved or rejected",
    subject: "【定标{{decision}}】{{projectCode}} {{projectName}}",
    content:
      "{{recipientName}}，您好：\n\n报价项目 {{projectCode}}「{{projectName}}」的定标{{decision}}（审批人：{{approver}}）。\n" +
      "意见：{{comment}}\n驳回的定标可修改后重新提交；批准后系统已通知中标供应商。查看：{{approvalLink}}" +
      signature,
    subjectEn: "[Award {{decision}}] {{projectCode}} {{projectName}}",
    contentEn: "Dear {{recipientName}},\n\nThe award of project {{projectCode}} " +
      '"{{projectName}}" was {{decision}} by {{approver}}.\nComment: {{comment}}\n' +
      "A rejected award can be changed and proposed again; once approved, the suppliers awarded " +
      "have been told. Details: {{approvalLink}}" + signatureEn,
  },
  {
    code: "AWARD_APPROVAL_CANCELLED",
    mechanism: "awardApprovalCancelled",
    notifyObject: "approver",
    mechanismDescription:
      "待审批定标的项目被关闭时发送给审批人 / Sent to the approver when the project of an award waiting for approval is closed",
    subject: "【定标审批已取消】{{projectCode}} {{projectName}}",
    content:
      "{{recipientName}}，您好：\n\n报价项目 {{projectCode}}「{{projectName}}」已被 {{closedBy}} 关闭，" +
      "等待您审批的定标已取消，无需再处理。\n关闭原因：{{reason}}\n查看：{{approvalLink}}" +
      signature,
    subjectEn: "[Award approval cancelled] {{projectCode}} {{projectName}}",
    contentEn:
      'Dear {{recipientName}},\n\nProject {{projectCode}} "{{projectName}}" was closed by ' +
      "{{closedBy}}: the award waiting for your approval is cancelled and needs nothing more from you." +
      "\nReason for closing: {{reason}}\nDetails: {{approvalLink}}" + signatureEn,
  },
  {
    code: "CERTIFICATE_EXPIRING",
    mechanism: "certificateExpiring",
    notifyObject: "buyer",
    mechanismDescription:
      "供应商证书到期前 30 天提醒采购员（每张证书一次） / 30 days before a supplier's certificate expires, to its buyers (once per certificate)",
    subject: "【证书即将到期】{{supplierName}} {{certificateType}} {{expiryDate}}",
    content:
      "{{recipientName}}，您好：\n\n供应商 {{supplierName}} 的 {{certificateType}} 证书（编号 {{certificateNumber}}）" +
      "将于 {{expiryDate}} 到期。\n到期后，要求该证书的报价项目将不能邀请此供应商。请联系供应商更新证书，并在供应商管理中录入新证书。" +
      signature,
    subjectEn: "[Certificate expiring] {{supplierName}} {{certificateType}} {{expiryDate}}",
    contentEn:
      "Dear {{recipientName}},\n\nThe {{certificateType}} certificate of {{supplierName}} " +
      "(number {{certificateNumber}}) expires on {{expiryDate}}.\nOnce it has expired, the " +
      "supplier cannot be invited to projects that require this certificate. Please ask the " +
      "supplier for the renewed certificate and record it in supplier management." + signatureEn,
  },
  {
    code: "QUESTION_ASKED",
    mechanism: "questionAsked",
    notifyObject: "buyer",
    mechanismDescription:
      "受邀供应商在报价期间提问时发送给采购员 / Sent to the buyer when an invited supplier asks a question",
    subject: "【供应商提问】{{projectCode}} {{supplierName}}",
    content:
      "{{recipientName}}，您好：\n\n供应商 {{supplierName}} 对报价项目 {{projectCode}}「{{projectName}}」提出了问题：\n\n" +
      "{{questionText}}\n\n请在项目的报价结果页回复：可只回复提问的供应商，也可回复全部受邀供应商（不会透露提问者）。" +
      "报价截止时间：{{deadline}}（北京时间，UTC+8）。" + signature,
    subjectEn: "[Supplier question] {{projectCode}} {{supplierName}}",
    contentEn: "Dear {{recipientName}},\n\n{{supplierName}} asked a question about project " +
      '{{projectCode}} "{{projectName}}":\n\n{{questionText}}\n\n' +
      "Please answer it on the project's result page, to the asker only or to every invited " +
      "supplier (the asker is not named). Quotation deadline: {{deadline}} (UTC+8)." +
      signatureEn,
  },
  {
    code: "QUOTE_DECLINED",
    mechanism: "quoteDeclined",
    notifyObject: "buyer",
    mechanismDescription:
      "受邀供应商放弃报价时发送给采购员 / Sent to the buyer when an invited supplier declines to quote",
    subject: "【放弃报价】{{projectCode}} {{supplierName}}",
    content:
      "{{recipientName}}，您好：\n\n供应商 {{supplierName}} 已放弃报价项目 {{projectCode}}「{{projectName}}」，" +
      "原因：{{reason}}。\n在报价截止（{{deadline}}，北京时间，UTC+8）前，供应商可撤回放弃并继续报价。" +
      signature,
    subjectEn: "[Declined to quote] {{projectCode}} {{supplierName}}",
    contentEn: "Dear {{recipientName}},\n\n{{supplierName}} declined to quote for project " +
      '{{projectCode}} "{{projectName}}". Reason: {{reason}}.\n' +
      "Until quoting closes ({{deadline}}, UTC+8) the supplier may withdraw the decline and quote." +
      signatureEn,
  },
  {
    code: "QUESTION_ANSWERED",
    mechanism: "questionAnswered",
    notifyObject: "suppliers",
    mechanismDescription:
      "采购员回复问题时发送：公开回复发给全部受邀供应商（不透露提问者），私下回复只发给提问者 / Sent when the buyer answers a question: a public answer to every invited supplier (the asker is not named), a private one to the asker only",
    subject: "【问题答复】{{projectCode}} {{projectName}}",
    content:
      "{{supplierName}}，您好：\n\n报价项目 {{projectCode}}「{{projectName}}」有一个问题已答复。\n\n问题：{{questionText}}" +
      "\n\n答复：{{answerText}}\n\n报价截止时间：{{deadline}}（北京时间，UTC+8）。查看全部问答：{{portalLink}}" +
      signature,
    subjectEn: "[Clarification] {{projectCode}} {{projectName}}",
    contentEn:
      'Dear {{supplierName}},\n\nA question about project {{projectCode}} "{{projectName}}" ' +
      "has been answered.\n\nQuestion: {{questionText}}\n\nAnswer: {{answerText}}\n\n" +
      "Quotation deadline: {{deadline}} (UTC+8). All questions and answers: {{portalLink}}" +
      signatureEn,
  },
  {
    code: "AUCTION_INVITATION",
    mechanism: "auctionInvited",
    notifyObject: "suppliers",
    mechanismDescription:
      "采购员安排反向竞价时发送给参加竞价的供应商 / Sent to the suppliers taking part when the buyer sets up a reverse auction",
    subject: "【竞价邀请】{{projectCode}} {{projectName}} {{auctionStart}} 开始",
    content:
      "{{supplierName}}，您好：\n\n报价项目 {{projectCode}}「{{projectName}}」将进行在线反向竞价，诚邀贵司参加。\n" +
      "开始时间：{{auctionStart}}\n结束时间：{{auctionEnd}}（北京时间，UTC+8，以服务器时间为准）\n规则：{{auctionRules}}\n" +
      "贵司的起始价为首次报价。竞价开始后请登录供应商门户出价：{{portalLink}}" + signature,
    subjectEn: "[Reverse auction] {{projectCode}} {{projectName}} starts {{auctionStart}}",
    contentEn:
      'Dear {{supplierName}},\n\nProject {{projectCode}} "{{projectName}}" goes to a live ' +
      "reverse auction, and your company is invited to take part.\nStart: {{auctionStart}}\n" +
      "End: {{auctionEnd}} (UTC+8, by the server's clock)\nRules: {{auctionRules}}\n" +
      "Your starting bid is your first quotation. Once the auction has started, bid in the supplier " +
      "portal: {{portalLink}}" + signatureEn,
  },
  {
    code: "AUCTION_REMINDER",
    mechanism: "auctionReminder",
    notifyObject: "suppliers",
    mechanismDescription:
      "竞价开始前 15 分钟提醒参加竞价的供应商 / 15 minutes before a reverse auction starts, to the suppliers taking part",
    subject: "【竞价提醒】{{projectCode}} {{projectName}} {{auctionStart}} 开始",
    content:
      "{{supplierName}}，您好：\n\n报价项目 {{projectCode}}「{{projectName}}」的反向竞价将于 {{auctionStart}}" +
      "（北京时间，UTC+8）开始，{{auctionEnd}} 结束。\n规则：{{auctionRules}}\n竞价页面：{{portalLink}}" +
      signature,
    subjectEn: "[Auction reminder] {{projectCode}} {{projectName}} starts {{auctionStart}}",
    contentEn: "Dear {{supplierName}},\n\nThe reverse auction of project {{projectCode}} " +
      '"{{projectName}}" starts at {{auctionStart}} (UTC+8) and ends at {{auctionEnd}}.\n' +
      "Rules: {{auctionRules}}\nThe auction page: {{portalLink}}" + signatureEn,
  },
  {
    code: "AUCTION_RESULT",
    mechanism: "auctionResult",
    notifyObject: "suppliers",
    mechanismDescription:
      "竞价结束时发送给每家参加的供应商，只含其自己的最终排名 / Sent to each bidder when a reverse auction ends, with its own final rank only",
    subject: "【竞价结果】{{projectCode}} {{projectName}}",
    content:
      "{{supplierName}}，您好：\n\n报价项目 {{projectCode}}「{{projectName}}」的反向竞价已于 {{auctionEnd}}" +
      "（北京时间，UTC+8）结束。{{reason}}\n贵司的最终排名：\n{{auctionRank}}\n" +
      "定标结果将另行通知。竞价页面：{{portalLink}}" + signature,
    subjectEn: "[Auction result] {{projectCode}} {{projectName}}",
    contentEn: "Dear {{supplierName}},\n\nThe reverse auction of project {{projectCode}} " +
      '"{{projectName}}" ended at {{auctionEnd}} (UTC+8). {{reason}}\nYour final rank:\n' +
      "{{auctionRank}}\nYou will be told of the award separately. The auction page: {{portalLink}}" +
      signatureEn,
  },
  {
    code: "BACKUP_FAILED",
    mechanism: "backupFailed",
    notifyObject: "administrators",
    mechanismDescription:
      "每晚备份失败时发送给管理员 / Sent to the administrators when the nightly backup fails",
    subject: "【备份失败】QMO {{backupTime}}",
    content:
      "{{recipientName}}，您好：\n\nQMO 在 {{backupTime}}（北京时间，UTC+8）的自动备份失败：\n" +
      "{{backupError}}\n\n未完成的备份已删除，之前的备份全部保留。请检查备份目录的磁盘空间和权限，" +
      "或运行 db backups list 查看已有备份。" + signature,
    subjectEn: "[Backup failed] QMO {{backupTime}}",
    contentEn: "Dear {{recipientName}},\n\nThe automatic backup of QMO at {{backupTime}} (UTC+8) " +
      "failed:\n{{backupError}}\n\nThe unfinished backup was removed and every earlier backup " +
      "is kept. Please check the free space and permissions of the backup folder, or run " +
      "db backups list to see the backups there." + signatureEn,
  },
  {
    code: "TWO_FACTOR_RESET",
    mechanism: "twoFactorReset",
    notifyObject: "account",
    mechanismDescription:
      "管理员重置用户的双重验证时发送给该用户 / Sent to a user when an administrator resets their two-factor sign-in",
    subject: "【安全提醒】您的账号 {{accountName}} 的双重验证已重置",
    content:
      "{{recipientName}}，您好：\n\n管理员 {{resetBy}} 已重置您的账号 {{accountName}} 的双重验证：" +
      "原来的验证器应用和恢复码已失效。\n下次登录只需密码；如系统要求双重验证，登录时会引导您重新绑定验证器应用。" +
      "\n如果您没有申请重置，请立即联系管理员。" + signature,
    subjectEn: "[Security] Two-factor sign-in of {{accountName}} was reset",
    contentEn: "Dear {{recipientName}},\n\nThe administrator {{resetBy}} reset the two-factor " +
      "sign-in of your account {{accountName}}: the authenticator app and recovery codes you had " +
      "no longer work.\nYour next sign-in needs your password only; where a second factor is " +
      "required, it leads you to enrol an authenticator app again.\nIf you did not ask for " +
      "this, please contact an administrator at once." + signatureEn,
  },
];

/** Adds each seeded template whose code is missing; never changes one an admin has edited. */
export async function ensureEmailTemplates(db: DbOrTx): Promise<number> {
  let added = 0;
  for (const t of seededTemplates) {
    const existing = await db.query.emailTemplates.findFirst({
      where: eq(emailTemplates.code, t.code),
    });
    if (existing) continue;
    await db.insert(emailTemplates).values(t).onConflictDoNothing();
    added++;
  }
  return added;
}

// The single description of every table; migrations are generated from this file by drizzle-kit.
import { relations, sql } from "drizzle-orm";
import { EMAIL_MECHANISMS, EMAIL_RECIPIENTS } from "./enums.ts";
import {
  type AnySQLiteColumn,
  index,
  integer,
  primaryKey,
  type SQLiteColumn,
  sqliteTable,
  text,
  uniqueIndex,
} from "drizzle-orm/sqlite-core";

/** Times are UTC instants stored as milliseconds since the epoch. */
const instant = (name: string) => integer(name, { mode: "timestamp_ms" });
const created = () => instant("created_at").notNull().default(sql`(unixepoch() * 1000)`);

// ---------------------------------------------------------------------------------------------
// Users, roles, permissions, groups
// ---------------------------------------------------------------------------------------------

export const users = sqliteTable("users", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  userName: text("user_name").notNull(),
  /** Lower-cased user name: sign-in and uniqueness ignore case. */
  normalizedUserName: text("normalized_user_name").notNull().unique(),
  name: text("name").notNull(),
  emailAddress: text("email_address"),
  passwordHash: text("password_hash").notNull(),
  isActive: integer("is_active", { mode: "boolean" }).notNull().default(true),
  /** 'staff' works in the back-office; 'supplier' only in the supplier portal. */
  kind: text("kind", { enum: ["staff", "supplier"] }).notNull().default("staff"),
  /** The supplier record a supplier user belongs to. */
  supplierId: integer("supplier_id").references((): AnySQLiteColumn => suppliers.id, {
    onDelete: "set null",
  }),
  avatar: text("avatar"),
  introduction: text("introduction"),
  /** The language emails are written in: the one chosen, else the one last signed in with. */
  language: text("language", { enum: ["zh", "en"] }),
  /** Whether `language` was chosen by the user (then signing in never changes it). */
  languageChosen: integer("language_chosen", { mode: "boolean" }).notNull().default(false),
  lastLoginAt: instant("last_login_at"),
  /** Created by the demo data of a first start: start-up warns while any is active. */
  isDemo: integer("is_demo", { mode: "boolean" }).notNull().default(false),
  createdAt: created(),
  updatedAt: instant("updated_at"),
}, (t) => [index("users_supplier_idx").on(t.supplierId)]);

export const roles = sqliteTable("roles", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  name: text("name").notNull().unique(),
  displayName: text("display_name").notNull(),
  description: text("description"),
  /** Seeded roles (Admin, Buyer, Supplier) cannot be deleted or renamed. */
  isStatic: integer("is_static", { mode: "boolean" }).notNull().default(false),
  createdAt: created(),
});

export const rolePermissions = sqliteTable("role_permissions", {
  roleId: integer("role_id").notNull().references(() => roles.id, { onDelete: "cascade" }),
  permission: text("permission").notNull(),
}, (t) => [primaryKey({ columns: [t.roleId, t.permission] })]);

export const userRoles = sqliteTable(
  "user_roles",
  {
    userId: integer("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    roleId: integer("role_id").notNull().references(() => roles.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.roleId] }), index("user_roles_role_idx").on(t.roleId)],
);

export const groups = sqliteTable("groups", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  name: text("name").notNull().unique(),
  description: text("description"),
  createdAt: created(),
});

export const userGroups = sqliteTable("user_groups", {
  userId: integer("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
  groupId: integer("group_id").notNull().references(() => groups.id, { onDelete: "cascade" }),
}, (t) => [
  primaryKey({ columns: [t.userId, t.groupId] }),
  index("user_groups_group_idx").on(t.groupId),
]);

// ---------------------------------------------------------------------------------------------
// Sessions, sign-in attempts, audit log, settings
// ---------------------------------------------------------------------------------------------

/** One row per issued token (its jti); revoking the row ends the token everywhere. */
export const sessions = sqliteTable("sessions", {
  id: text("id").primaryKey(),
  userId: integer("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
  createdAt: instant("created_at").notNull(),
  expiresAt: instant("expires_at").notNull(),
  revokedAt: instant("revoked_at"),
  clientIp: text("client_ip"),
  browserInfo: text("browser_info"),
}, (t) => [index("sessions_user_idx").on(t.userId)]);

/**
 * One row per failed sign-in: the account name typed (whether the account exists or not) and the
 * client address, counted over a sliding window per name and per address. Rows older than the
 * window are deleted as new failures come.
 */
export const loginFailures = sqliteTable("login_failures", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  userName: text("user_name").notNull(),
  clientIp: text("client_ip"),
  at: instant("at").notNull(),
}, (t) => [
  index("login_failures_user_idx").on(t.userName, t.at),
  index("login_failures_ip_idx").on(t.clientIp, t.at),
  index("login_failures_at_idx").on(t.at),
]);

/**
 * One row per password-reset link sent: only the SHA-256 of its secret is kept. A link works once,
 * until `expiresAt`; setting the password marks every open link of the user used.
 */
export const passwordResets = sqliteTable("password_resets", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  userId: integer("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
  tokenHash: text("token_hash").notNull().unique(),
  createdAt: instant("created_at").notNull(),
  expiresAt: instant("expires_at").notNull(),
  usedAt: instant("used_at"),
  clientIp: text("client_ip"),
}, (t) => [index("password_resets_user_idx").on(t.userId, t.createdAt)]);

/**
 * A user's authenticator app (two-factor sign-in): its secret (base32), set when enrolment begins
 * and in force once a first code confirmed it; `lastStep` is the 30-second step of the last code
 * taken, so no code is taken twice.
 */
export const twoFactorSecrets = sqliteTable("two_factor_secrets", {
  userId: integer("user_id").primaryKey().references(() => users.id, { onDelete: "cascade" }),
  secret: text("secret").notNull(),
  createdAt: instant("created_at").notNull(),
  confirmedAt: instant("confirmed_at"),
  lastStep: integer("last_step"),
});

/** A user's one-time recovery codes (only their hashes), each usable once instead of a code. */
export const twoFactorRecoveryCodes = sqliteTable("two_factor_recovery_codes", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  userId: integer("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
  codeHash: text("code_hash").notNull(),
  usedAt: instant("used_at"),
}, (t) => [index("two_factor_recovery_codes_user_idx").on(t.userId)]);

export const auditLogs = sqliteTable("audit_logs", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  userId: integer("user_id"),
  userName: text("user_name"),
  serviceName: text("service_name").notNull(),
  methodName: text("method_name").notNull(),
  httpMethod: text("http_method").notNull(),
  path: text("path").notNull(),
  parameters: text("parameters"),
  executionTime: instant("execution_time").notNull(),
  executionDuration: integer("execution_duration").notNull(),
  clientIp: text("client_ip"),
  browserInfo: text("browser_info"),
  httpStatus: integer("http_status").notNull(),
  exception: text("exception"),
}, (t) => [
  index("audit_logs_time_idx").on(t.executionTime),
  index("audit_logs_user_time_idx").on(t.userId, t.executionTime),
]);

/** Editable system resources (quote instructions, reminder hours, upload limit …) as JSON values. */
export const settings = sqliteTable("settings", {
  key: text("key").primaryKey(),
  value: text("value", { mode: "json" }).notNull(),
  updatedAt: instant("updated_at"),
  updatedBy: integer("updated_by"),
});

export const usersRelations = relations(users, ({ many }) => ({
  userRoles: many(userRoles),
  userGroups: many(userGroups),
}));

export const userRolesRelations = relations(userRoles, ({ one }) => ({
  user: one(users, { fields: [userRoles.userId], references: [users.id] }),
  role: one(roles, { fields: [userRoles.roleId], references: [roles.id] }),
}));

export const rolesRelations = relations(roles, ({ many }) => ({
  permissions: many(rolePermissions),
  userRoles: many(userRoles),
}));

export const rolePermissionsRelations = relations(rolePermissions, ({ one }) => ({
  role: one(roles, { fields: [rolePermissions.roleId], references: [roles.id] }),
}));

export const groupsRelations = relations(groups, ({ many }) => ({ userGroups: many(userGroups) }));

export const userGroupsRelations = relations(userGroups, ({ one }) => ({
  user: one(users, { fields: [userGroups.userId], references: [users.id] }),
  group: one(groups, { fields: [userGroups.groupId], references: [groups.id] }),
}));

// ---------------------------------------------------------------------------------------------
// Data dictionary (code types and codes: units, factories, currencies, close reasons, company days …)
// ---------------------------------------------------------------------------------------------

export const codeTypes = sqliteTable("code_types", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  code: text("code").notNull().unique(),
  name: text("name").notNull(),
  nameEn: text("name_en"),
  description: text("description"),
  createdAt: created(),
});

export const codes = sqliteTable("codes", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  typeId: integer("type_id").notNull().references(() => codeTypes.id, { onDelete: "cascade" }),
  code: text("code").notNull(),
  name: text("name").notNull(),
  nameEn: text("name_en"),
  value: text("value"),
  sort: integer("sort").notNull().default(0),
  isActive: integer("is_active", { mode: "boolean" }).notNull().default(true),
  createdAt: created(),
}, (t) => [uniqueIndex("codes_type_code_idx").on(t.typeId, t.code)]);

// ---------------------------------------------------------------------------------------------
// The official working-day calendar (public holidays and make-up working days), year by year
// ---------------------------------------------------------------------------------------------

/**
 * A year whose official schedule is loaded: seeded from chinese-days for the years it knows, or
 * imported by an admin. A year without a row has no official data (weekends only).
 */
export const calendarYears = sqliteTable("calendar_years", {
  year: integer("year").primaryKey(),
  /** Where the schedule came from: the package it was seeded from, or the imported file's name. */
  source: text("source").notNull(),
  loadedAt: instant("loaded_at").notNull(),
  /** Who imported it (user name); null for the seed. */
  loadedBy: text("loaded_by"),
});

/** One official day: a public holiday, or a weekend day made a working day (调休上班). */
export const calendarDays = sqliteTable("calendar_days", {
  /** YYYY-MM-DD (UTC+8). */
  date: text("date").primaryKey(),
  year: integer("year").notNull(),
  kind: text("kind", { enum: ["holiday", "workday"] }).notNull(),
  /** The holiday's name as published (春节), and in English where known. */
  name: text("name").notNull(),
  nameEn: text("name_en"),
}, (t) => [index("calendar_days_year_idx").on(t.year)]);

/** Named counters (project numbers per day …), incremented inside the transaction that uses them. */
export const sequences = sqliteTable("sequences", {
  name: text("name").primaryKey(),
  value: integer("value").notNull().default(0),
});

// ---------------------------------------------------------------------------------------------
// Suppliers
// ---------------------------------------------------------------------------------------------

export const suppliers = sqliteTable("suppliers", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  code: text("code").notNull().unique(),
  abbrName: text("abbr_name").notNull(),
  fullName: text("full_name").notNull(),
  status: text("status", { enum: ["effective", "invalid"] }).notNull().default("effective"),
  contactPerson: text("contact_person"),
  contactNumber: text("contact_number"),
  email1: text("email1"),
  email2: text("email2"),
  email3: text("email3"),
  cooperationStatus: text("cooperation_status", { enum: ["potential", "qualified"] }).notNull()
    .default("potential"),
  /** Where the row came from: typed in here, or introduced from the ERP. */
  source: text("source", { enum: ["local", "erp"] }).notNull().default("local"),
  /** The ERP's last edit date of this supplier, as last synced. */
  erpEditDate: instant("erp_edit_date"),
  createdAt: created(),
  updatedAt: instant("updated_at"),
}, (t) => [
  index("suppliers_status_idx").on(t.status),
  index("suppliers_updated_idx").on(t.updatedAt),
]);

/**
 * A counter per table that triggers raise on every insert, update and delete of its rows
 * (suppliers, migrations/0010; projects, on the changes a list by keyword keeps, 0035): readers
 * that keep results in memory (the supplier search, the project list) know from it, in any
 * instance, whether their copy is still current.
 */
export const changeVersions = sqliteTable("change_versions", {
  name: text("name").primaryKey(),
  version: integer("version").notNull().default(0),
});

// ---------------------------------------------------------------------------------------------
// Files (attachments): bytes in the file store keyed by content hash, metadata here
// ---------------------------------------------------------------------------------------------

export const files = sqliteTable(
  "files",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    /** Hex SHA-256 of the bytes; also the key in the file store. */
    sha256: text("sha256").notNull(),
    size: integer("size").notNull(),
    /** Type detected from the content, never from the name. */
    contentType: text("content_type").notNull(),
    /** The original file name, shown and used for download. */
    fileName: text("file_name").notNull(),
    /** What the file belongs to: a project's attachments, a supplier's quote or certificate. */
    purpose: text("purpose", {
      enum: ["project", "quote", "certificate", "question", "datasheet", "evaluation", "other"],
    })
      .notNull(),
    projectId: integer("project_id"),
    uploadedBy: integer("uploaded_by"),
    createdAt: created(),
    deletedAt: instant("deleted_at"),
  },
  (
    t,
  ) => [index("files_project_idx").on(t.projectId, t.purpose), index("files_sha_idx").on(t.sha256)],
);

/**
 * A supplier's certificate (UL, ISO 9001, IATF 16949 …). Dates are calendar dates in UTC+8; a
 * certificate is valid through its expiry date, and one without an expiry date does not expire.
 */
export const supplierCertificates = sqliteTable("supplier_certificates", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  supplierId: integer("supplier_id").notNull().references(() => suppliers.id, {
    onDelete: "cascade",
  }),
  /** A code of the data dictionary's CertificateType. */
  type: text("type").notNull(),
  number: text("number").notNull(),
  issuedOn: text("issued_on").notNull(),
  expiresOn: text("expires_on"),
  fileId: integer("file_id").references(() => files.id),
  remark: text("remark"),
  createdBy: integer("created_by"),
  createdAt: created(),
  updatedBy: integer("updated_by"),
  updatedAt: instant("updated_at"),
  /** The expiry date the buyers were warned about: once per certificate and expiry date. */
  expiryWarnedFor: text("expiry_warned_for"),
  expiryWarnedAt: instant("expiry_warned_at"),
}, (t) => [
  uniqueIndex("supplier_certificates_number_idx").on(t.supplierId, t.type, t.number),
  index("supplier_certificates_expiry_idx").on(t.expiresOn),
]);

// ---------------------------------------------------------------------------------------------
// Quotation projects
// ---------------------------------------------------------------------------------------------

export const offerProjectTypes = sqliteTable("offer_project_types", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  name: text("name").notNull().unique(),
  description: text("description"),
  sort: integer("sort").notNull().default(0),
  /** Certificate types (CertificateType codes) every supplier invited to its projects must hold. */
  requiredCertificates: text("required_certificates", { mode: "json" }).$type<string[]>(),
  createdAt: created(),
  updatedAt: instant("updated_at"),
});

/** The project list's indexes for these sort columns (see offerProjects). */
function listSorts(
  t: {
    status: SQLiteColumn;
    firstQuoteAt: SQLiteColumn;
    typeId: SQLiteColumn;
    kind: SQLiteColumn;
    name: SQLiteColumn;
    code: SQLiteColumn;
    demandCode: SQLiteColumn;
  },
  sorts: SQLiteColumn[],
) {
  return sorts.flatMap((sort) => {
    // The keyword columns, last (the sort's own column is not repeated); not in the id order's
    // indexes, which stay narrow: a count through the trigram index looks each match up in one.
    const keywords = sort.name === "id"
      ? []
      : [t.name, t.code, t.demandCode].filter((k) => k.name !== sort.name);
    return [
      index(`offer_projects_by_${sort.name}`).on(sort, t.typeId, t.kind, t.status, ...keywords),
      index(`offer_projects_by_status_${sort.name}`).on(
        t.status,
        sort,
        t.firstQuoteAt,
        t.typeId,
        t.kind,
        ...keywords,
      ),
      index(`offer_projects_by_type_${sort.name}`).on(
        t.typeId,
        sort,
        t.status,
        t.firstQuoteAt,
        t.kind,
        ...keywords,
      ),
    ];
  });
}

export const offerProjects = sqliteTable("offer_projects", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  /** Project number, unique and readable (e.g. by date and sequence). */
  code: text("code").notNull().unique(),
  name: text("name").notNull(),
  /** Materials, or equipment and other fixed assets (AMS). */
  kind: text("kind", { enum: ["material", "asset"] }).notNull(),
  typeId: integer("type_id").references(() => offerProjectTypes.id),
  /** Stored state; "in quotation" and the deadline's effect are derived from it with the clock. */
  status: text("status", { enum: ["unpublished", "published", "ended", "closed"] }).notNull()
    .default("unpublished"),
  pubDate: instant("pub_date"),
  offerEndTime: instant("offer_end_time"),
  // Asset projects
  demandCode: text("demand_code"),
  equipmentName: text("equipment_name"),
  /** Quotation type: tendering, compare prices, bargaining, optimize quotation. */
  offerItemType: text("offer_item_type", {
    enum: ["tendering", "comparePrices", "bargaining", "optimize"],
  }),
  /** Demand estimated untaxed amount in CNY, as an exact decimal string. */
  estimatedAmount: text("estimated_amount"),
  monthlyPurchase: integer("monthly_purchase", { mode: "boolean" }).notNull().default(false),
  /**
   * Savings baselines the buyer may enter (server/domain/savings): the budget and the last purchase
   * price, each the total in CNY before tax for the line items' quantities, exact decimal strings.
   */
  budget: text("budget"),
  lastPurchasePrice: text("last_purchase_price"),
  isBidding: integer("is_bidding", { mode: "boolean" }).notNull().default(false),
  fromAms: integer("from_ams", { mode: "boolean" }).notNull().default(false),
  remark: text("remark"),
  // Ending and closing
  endedAt: instant("ended_at"),
  endedBy: integer("ended_by"),
  /** Why it ended: by hand, at the deadline, or early after every supplier quoted. */
  endReason: text("end_reason", { enum: ["manual", "deadline", "allQuoted"] }),
  closedAt: instant("closed_at"),
  closedBy: integer("closed_by"),
  closeReason: text("close_reason"),
  /** Set when the last invited supplier has quoted: the early-end window runs from here. */
  allQuotedAt: instant("all_quoted_at"),
  /**
   * When first-round quoting closes (rules.ts quoteClosesAt): the deadline, or 30 minutes after the
   * last invited supplier quoted when that is sooner. Computed by SQLite, so the lists can find
   * the projects the clock has ended with an index instead of judging every row.
   */
  closesAt: instant("closes_at").generatedAlwaysAs(
    sql`CASE WHEN all_quoted_at IS NOT NULL AND (offer_end_time IS NULL
      OR all_quoted_at + 1800000 < offer_end_time) THEN all_quoted_at + 1800000
      ELSE offer_end_time END`,
    { mode: "virtual" },
  ),
  /** When the first quote of any supplier arrived (set by a trigger on quotes); null: none yet. */
  firstQuoteAt: instant("first_quote_at"),
  /** Whether a quote must carry a priced line for every line item (else lines are optional). */
  linesRequired: integer("lines_required", { mode: "boolean" }).notNull().default(false),
  /**
   * Sealed quotes: until quoting ends, buyers see who quoted and when, but no file, price or line.
   * Set on creation (default on for tendering) and fixed once published.
   */
  sealedQuotes: integer("sealed_quotes", { mode: "boolean" }).notNull().default(false),
  /** The buyer's instructions to the suppliers for this project: part of the request pack. */
  instructionText: text("instruction_text"),
  /** The request pack version in force (offer_project_versions); null until first published. */
  packVersion: integer("pack_version"),
  /** Certificate types an invited supplier must hold, besides those its category requires. */
  requiredCertificates: text("required_certificates", { mode: "json" }).$type<string[]>(),
  /**
   * When suppliers' questions close, as the buyer set it; null: 24 hours before the deadline
   * (server/domain/questions/rules.ts). Never later than the deadline.
   */
  questionEndTime: instant("question_end_time"),
  /**
   * How the suppliers are chosen: by price (the matrix), or by a weighted evaluation of criteria
   * (evaluation_criteria) scored by a team before anyone sees a price (two envelopes).
   */
  evaluation: text("evaluation", { enum: ["price", "weighted"] }).notNull().default("price"),
  /** When the person in charge signed the technical evaluation off: prices open from then on. */
  evaluationSignedOffAt: instant("evaluation_signed_off_at"),
  evaluationSignedOffBy: integer("evaluation_signed_off_by"),
  creatorId: integer("creator_id"),
  createdAt: created(),
  updatedAt: instant("updated_at"),
}, (t) => [
  index("offer_projects_kind_status_idx").on(t.kind, t.status, t.offerEndTime),
  index("offer_projects_type_idx").on(t.typeId),
  // Published projects whose quoting has closed by the clock (statusSql.ts clockMovedIdsAt, the
  // endProjects job) are a range of this index.
  index("offer_projects_closes_idx").on(t.status, t.closesAt),
  // Each sort of the list has three indexes that give its pages in order, each holding the columns
  // the list filters on so that no row is read to filter: one for the list of every status (or of
  // a status the clock corrects with a set of ids, statusSql.ts), one that starts with the stored
  // status for a list of one status, one that starts with the category for a list of one category.
  // They end with the keyword columns (name, code, demand number), so that a keyword most projects
  // hold is checked in the index as a page is read in order (projects/listText.ts keywordPlan).
  ...listSorts(t, [t.createdAt, t.pubDate, t.offerEndTime, t.name, t.code, t.id]),
]);

/**
 * How many projects there are of each kind, stored status, first-quote state and category, kept
 * by triggers on offer_projects (migration 0026), so that the project list counts a status or a
 * category without reading the projects (projects/listCount.ts). `typeId` 0 stands for none.
 */
export const projectCounts = sqliteTable("project_counts", {
  kind: text("kind").notNull(),
  status: text("status").notNull(),
  /** 1 when the project has a first quote (first_quote_at is set). */
  quoted: integer("quoted").notNull(),
  typeId: integer("type_id").notNull(),
  count: integer("count").notNull(),
}, (t) => [primaryKey({ columns: [t.kind, t.status, t.quoted, t.typeId] })]);

/** Line items: a material (code, name, description …) or a piece of equipment. */
export const offerProjectItems = sqliteTable("offer_project_items", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  projectId: integer("project_id").notNull().references(() => offerProjects.id, {
    onDelete: "cascade",
  }),
  sort: integer("sort").notNull().default(0),
  materialCode: text("material_code"),
  itemName: text("item_name").notNull(),
  description: text("description"),
  unit: text("unit"),
  /** Expected yearly usage, an exact decimal string. */
  estimateYearAmount: text("estimate_year_amount"),
  useFactory: text("use_factory"),
  needExplain: text("need_explain"),
  /**
   * Set when a revision of a published request pack dropped the item: it leaves the current pack
   * but stays, since quotes already answered it (quote lines point at it).
   */
  removedAt: instant("removed_at"),
}, (t) => [index("offer_project_items_project_idx").on(t.projectId, t.sort)]);

/**
 * Each published version of a project's request pack (line items, buyer attachments, instruction
 * text): its content hash over a canonical snapshot (server/domain/projects/pack.ts), kept forever.
 */
export const offerProjectVersions = sqliteTable("offer_project_versions", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  projectId: integer("project_id").notNull().references(() => offerProjects.id, {
    onDelete: "cascade",
  }),
  version: integer("version").notNull(),
  /** Hex SHA-256 of `snapshot`. */
  contentHash: text("content_hash").notNull(),
  /** The canonical JSON the hash is taken over. */
  snapshot: text("snapshot").notNull(),
  publishedAt: instant("published_at").notNull(),
  publishedBy: integer("published_by"),
}, (t) => [uniqueIndex("offer_project_versions_idx").on(t.projectId, t.version)]);

/** Optimisation rounds (1 and 2) of asset projects, each with its own deadline. */
export const offerRounds = sqliteTable("offer_rounds", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  projectId: integer("project_id").notNull().references(() => offerProjects.id, {
    onDelete: "cascade",
  }),
  round: integer("round").notNull(),
  openedAt: instant("opened_at").notNull(),
  openedBy: integer("opened_by"),
  endTime: instant("end_time").notNull(),
}, (t) => [
  uniqueIndex("offer_rounds_project_round_idx").on(t.projectId, t.round),
  // The lists ask which projects have a round open now: only rounds ending later are read.
  index("offer_rounds_end_idx").on(t.endTime),
]);

/** The suppliers a project is published to, and each one's agreement to the quote instructions. */
export const offerProjectSuppliers = sqliteTable("offer_project_suppliers", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  projectId: integer("project_id").notNull().references(() => offerProjects.id, {
    onDelete: "cascade",
  }),
  supplierId: integer("supplier_id").notNull().references(() => suppliers.id),
  invitedAt: instant("invited_at").notNull(),
  /** Invited to optimisation round 1 / 2 (all first-round suppliers or a subset). */
  round1: integer("round1", { mode: "boolean" }).notNull().default(false),
  round2: integer("round2", { mode: "boolean" }).notNull().default(false),
  agreedAt: instant("agreed_at"),
  agreedBy: integer("agreed_by"),
  /** Set when the supplier declined to quote (cleared when it withdraws the decline). */
  declinedAt: instant("declined_at"),
  declinedBy: integer("declined_by"),
  /** Why, a data dictionary code (type DeclineReason); `declineText` says more ("other"). */
  declineReason: text("decline_reason"),
  declineText: text("decline_text"),
}, (t) => [
  uniqueIndex("offer_project_suppliers_idx").on(t.projectId, t.supplierId),
  index("offer_project_suppliers_supplier_idx").on(t.supplierId),
]);

/** Every submission is kept; the last one per project, supplier and round counts. */
export const quotes = sqliteTable("quotes", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  projectId: integer("project_id").notNull().references(() => offerProjects.id, {
    onDelete: "cascade",
  }),
  supplierId: integer("supplier_id").notNull().references(() => suppliers.id),
  /** 0 = first quote, 1 and 2 = optimisation rounds. */
  round: integer("round").notNull().default(0),
  fileId: integer("file_id").notNull().references(() => files.id),
  submittedAt: instant("submitted_at").notNull(),
  submittedBy: integer("submitted_by"),
  clientIp: text("client_ip"),
  /** The request pack version this quote answered (offer_project_versions.version). */
  packVersion: integer("pack_version"),
}, (t) => [
  index("quotes_project_supplier_idx").on(t.projectId, t.supplierId, t.round, t.submittedAt),
  index("quotes_supplier_idx").on(t.supplierId, t.submittedAt),
  // A quote is found by its file on every submission (its record entry, the all-quoted check) and
  // download: without this, each such read scanned every quote (14 ms at 200,000).
  index("quotes_file_idx").on(t.fileId),
]);

/**
 * The tamper-evident record of submissions: append-only (triggers refuse UPDATE and DELETE), one
 * entry per quote, each hashing the one before (server/domain/quotes/chain.ts has the canonical
 * form). No foreign keys, so no cascade can ever remove an entry.
 */
export const quoteChain = sqliteTable("quote_chain", {
  /** 1, 2, 3 … without gaps. */
  seq: integer("seq").primaryKey(),
  quoteId: integer("quote_id").notNull(),
  projectId: integer("project_id").notNull(),
  supplierId: integer("supplier_id").notNull(),
  round: integer("round").notNull(),
  fileId: integer("file_id").notNull(),
  fileSha256: text("file_sha256").notNull(),
  /** Hash of the structured lines, when the submission had any. */
  linesHash: text("lines_hash"),
  /** Hash of the file's SHA-256 and the lines together: what the supplier's receipt shows. */
  contentHash: text("content_hash").notNull(),
  packVersion: integer("pack_version"),
  packHash: text("pack_hash"),
  /** Milliseconds since the epoch, as in the quote. */
  submittedAt: integer("submitted_at").notNull(),
  prevHash: text("prev_hash").notNull(),
  entryHash: text("entry_hash").notNull(),
}, (t) => [
  uniqueIndex("quote_chain_prev_idx").on(t.prevHash),
  uniqueIndex("quote_chain_quote_idx").on(t.quoteId),
  index("quote_chain_project_idx").on(t.projectId, t.supplierId),
]);

/**
 * The priced lines of a submission, one per line item quoted. Money and rates are exact decimal
 * strings (never binary floats); codes come from the data dictionary.
 */
export const quoteLines = sqliteTable("quote_lines", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  quoteId: integer("quote_id").notNull().references(() => quotes.id, { onDelete: "cascade" }),
  itemId: integer("item_id").notNull().references(() => offerProjectItems.id, {
    onDelete: "cascade",
  }),
  /** Unit price before tax in `currency`, a decimal string. */
  unitPrice: text("unit_price").notNull(),
  /** Tax rate in percent, a decimal string (e.g. "13"). */
  taxRate: text("tax_rate").notNull(),
  currency: text("currency").notNull(),
  tradeTerms: text("trade_terms").notNull(),
  paymentMethod: text("payment_method").notNull(),
  /** Payment term in days (e.g. 60 for "net 60"). */
  paymentTermDays: integer("payment_term_days").notNull(),
  leadTimeDays: integer("lead_time_days").notNull(),
  /** Last day (UTC+8, YYYY-MM-DD) the price holds; null: until the next update. */
  validUntil: text("valid_until"),
  remark: text("remark"),
  /** Minimum order quantity, an exact decimal string; null: none. */
  moq: text("moq"),
  /** Orders are a whole multiple of this quantity (the packing unit), a decimal; null: any. */
  packMultiple: text("pack_multiple"),
  /**
   * Quantity breaks, at most 5, ascending by `fromQty` (exact decimal strings): the unit price from
   * that quantity on. The first starts at the MOQ; null or empty: `unitPrice` at every quantity.
   */
  breaks: text("breaks", { mode: "json" }).$type<{ fromQty: string; unitPrice: string }[]>(),
  /**
   * An alternative the supplier offers instead of the line item as asked (at most one per line
   * item and quote): what it is, and an optional datasheet (files, purpose "datasheet").
   */
  alternative: integer("alternative", { mode: "boolean" }).notNull().default(false),
  altBrand: text("alt_brand"),
  altGrade: text("alt_grade"),
  altSpec: text("alt_spec"),
  altDatasheetFileId: integer("alt_datasheet_file_id").references(() => files.id),
}, (t) => [
  uniqueIndex("quote_lines_quote_item_idx").on(t.quoteId, t.itemId, t.alternative),
  index("quote_lines_item_idx").on(t.itemId),
]);

/** Exchange rates kept with the data dictionary: CNY per one unit of a currency, from a date on. */
export const exchangeRates = sqliteTable("exchange_rates", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  currency: text("currency").notNull(),
  /** First day (UTC+8, YYYY-MM-DD) the rate is in force; it holds until the next one. */
  effectiveDate: text("effective_date").notNull(),
  /** CNY per one unit of the currency, a decimal string. */
  rate: text("rate").notNull(),
  createdAt: created(),
  updatedAt: instant("updated_at"),
  updatedBy: integer("updated_by"),
}, (t) => [uniqueIndex("exchange_rates_currency_date_idx").on(t.currency, t.effectiveDate)]);

/**
 * The buyer's award decisions. The latest one of a project (not superseded) is in force: the whole
 * project to one supplier, or chosen lines each to a supplier (award_lines).
 */
export const awards = sqliteTable("awards", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  projectId: integer("project_id").notNull().references(() => offerProjects.id, {
    onDelete: "cascade",
  }),
  scope: text("scope", { enum: ["project", "lines"] }).notNull(),
  /** The supplier awarded the whole project (scope "project"). */
  supplierId: integer("supplier_id").references(() => suppliers.id),
  reason: text("reason").notNull(),
  awardedAt: instant("awarded_at").notNull(),
  awardedBy: integer("awarded_by"),
  /** Set when a later award replaced this one. */
  supersededAt: instant("superseded_at"),
}, (t) => [index("awards_project_idx").on(t.projectId, t.supersededAt)]);

/**
 * The lines of an award by line: each line item to a supplier, or split between suppliers, each
 * with its share of the planned quantity.
 */
export const awardLines = sqliteTable("award_lines", {
  awardId: integer("award_id").notNull().references(() => awards.id, { onDelete: "cascade" }),
  itemId: integer("item_id").notNull().references(() => offerProjectItems.id, {
    onDelete: "cascade",
  }),
  supplierId: integer("supplier_id").notNull().references(() => suppliers.id),
  /** The quantity awarded to this supplier (a decimal); null: the whole line. */
  quantity: text("quantity"),
  /** Awarded the supplier's accepted alternative rather than the line item as asked. */
  alternative: integer("alternative", { mode: "boolean" }).notNull().default(false),
}, (t) => [
  primaryKey({ columns: [t.awardId, t.itemId, t.supplierId] }),
  index("award_lines_supplier_idx").on(t.supplierId),
]);

/**
 * Clarifications: a question an invited supplier asks while quoting is open, and the buyer's answer,
 * either to the asker only (private) or to every invited supplier (public: the asker is never named).
 */
export const projectQuestions = sqliteTable("project_questions", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  projectId: integer("project_id").notNull().references(() => offerProjects.id, {
    onDelete: "cascade",
  }),
  supplierId: integer("supplier_id").notNull().references(() => suppliers.id),
  askedBy: integer("asked_by"),
  askedAt: instant("asked_at").notNull(),
  text: text("text").notNull(),
  /** The supplier's attachment (files.purpose "question"): seen by the buyer and the asker only. */
  fileId: integer("file_id").references(() => files.id),
  answer: text("answer"),
  answeredAt: instant("answered_at"),
  answeredBy: integer("answered_by"),
  visibility: text("visibility", { enum: ["private", "public"] }),
  /** A public answer's question as every supplier reads it (the buyer may reword it); null: as asked. */
  publicText: text("public_text"),
  /** When the public answer joined the request pack, and the pack version it made. */
  packedAt: instant("packed_at"),
  packVersion: integer("pack_version"),
}, (t) => [
  index("project_questions_project_idx").on(t.projectId, t.askedAt),
  // The dashboard counts the questions not answered yet.
  index("project_questions_open_idx").on(t.answeredAt, t.projectId),
  index("project_questions_file_idx").on(t.fileId),
]);

/**
 * Every award a buyer proposes, whether or not it needs approval (system resource `awardApproval`):
 * what was proposed and why, its amount in CNY, the comparison matrix it was decided on (a compact
 * snapshot with its hash and version), who must approve it and how it ended. Only an approved (or
 * not needing approval) proposal becomes an award (`awardId`); `awards` keeps holding the awards
 * in force, so every reader of the award stays unchanged.
 */
export const awardProposals = sqliteTable("award_proposals", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  projectId: integer("project_id").notNull().references(() => offerProjects.id, {
    onDelete: "cascade",
  }),
  scope: text("scope", { enum: ["project", "lines"] }).notNull(),
  /** The supplier proposed for the whole project (scope "project"). */
  supplierId: integer("supplier_id").references(() => suppliers.id),
  /** Each line and its supplier (scope "lines"; empty for "project"). */
  lines: text("lines", { mode: "json" }).$type<
    { itemId: number; supplierId: number; quantity?: string | null; alternative?: boolean }[]
  >().notNull(),
  reason: text("reason").notNull(),
  proposedBy: integer("proposed_by").notNull(),
  proposedAt: instant("proposed_at").notNull(),
  /** The awarded amount in CNY (exact decimal), null when it cannot be told. */
  amountCny: text("amount_cny"),
  /** Where the amount comes from: the quotes' priced lines, or the project's estimated amount. */
  amountBasis: text("amount_basis", { enum: ["quotes", "estimate"] }),
  /** The approval rule in force when proposed: "all", "none" or "threshold:<CNY>". */
  rule: text("rule").notNull(),
  /** The matrix the proposal was made on: version (per project), SHA-256 and the snapshot. */
  matrixVersion: integer("matrix_version").notNull(),
  matrixHash: text("matrix_hash").notNull(),
  matrixSnapshot: text("matrix_snapshot", { mode: "json" }).notNull(),
  /** cancelled: the project was closed while the proposal waited for approval. */
  status: text("status", {
    enum: ["notRequired", "pending", "approved", "rejected", "cancelled"],
  }).notNull(),
  /** Who must decide (while pending), or who was to decide. */
  approverId: integer("approver_id"),
  decidedBy: integer("decided_by"),
  decidedAt: instant("decided_at"),
  decisionComment: text("decision_comment"),
  /** The award it became (not required, or approved). */
  awardId: integer("award_id").references(() => awards.id),
}, (t) => [
  index("award_proposals_project_idx").on(t.projectId, t.id),
  index("award_proposals_approver_idx").on(t.status, t.approverId),
  // At most one proposal of a project waits for approval.
  uniqueIndex("award_proposals_pending_idx").on(t.projectId).where(sql`status = 'pending'`),
]);

/**
 * The trail of each proposal: proposed, reassigned, approved, rejected, cancelled (the project was
 * closed) — who, when, comment.
 */
export const awardProposalEvents = sqliteTable("award_proposal_events", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  proposalId: integer("proposal_id").notNull().references(() => awardProposals.id, {
    onDelete: "cascade",
  }),
  action: text("action", {
    enum: ["proposed", "awarded", "reassigned", "approved", "rejected", "cancelled"],
  }).notNull(),
  at: instant("at").notNull(),
  actorId: integer("actor_id"),
  /** The approver before and after (proposed: the first approver; reassigned: from and to). */
  fromUserId: integer("from_user_id"),
  toUserId: integer("to_user_id"),
  comment: text("comment"),
}, (t) => [index("award_proposal_events_proposal_idx").on(t.proposalId, t.id)]);

// ---------------------------------------------------------------------------------------------
// The decision on the whole cost: accepted alternatives, cost terms, weighted evaluation, scenarios
// ---------------------------------------------------------------------------------------------

/** A supplier's alternative for a line item that the buyer accepted for comparison: ranked from then. */
export const acceptedAlternatives = sqliteTable("accepted_alternatives", {
  projectId: integer("project_id").notNull().references(() => offerProjects.id, {
    onDelete: "cascade",
  }),
  supplierId: integer("supplier_id").notNull().references(() => suppliers.id),
  itemId: integer("item_id").notNull().references(() => offerProjectItems.id, {
    onDelete: "cascade",
  }),
  reason: text("reason").notNull(),
  acceptedBy: integer("accepted_by"),
  acceptedAt: instant("accepted_at").notNull(),
}, (t) => [primaryKey({ columns: [t.projectId, t.supplierId, t.itemId] })]);

/**
 * The buyer's cost terms on top of a supplier's prices (never shown to suppliers): freight, duty,
 * payment-term financing, a one-off qualification or switching cost, or another named term; for
 * the supplier's whole offer or one line item.
 */
export const costTerms = sqliteTable("cost_terms", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  projectId: integer("project_id").notNull().references(() => offerProjects.id, {
    onDelete: "cascade",
  }),
  supplierId: integer("supplier_id").notNull().references(() => suppliers.id),
  /** The line item it applies to; null: the supplier's whole offer. */
  itemId: integer("item_id").references(() => offerProjectItems.id, { onDelete: "cascade" }),
  kind: text("kind", { enum: ["freight", "duty", "financing", "qualification", "other"] })
    .notNull(),
  /** The term's name (kind "other"). */
  name: text("name"),
  /**
   * amount: `value` in `currency`; percent: `value` percent of the price; financing: `value` is an
   * annual rate in percent, applied for the days of the supplier's payment term.
   */
  basis: text("basis", { enum: ["amount", "percent"] }).notNull(),
  value: text("value").notNull(),
  currency: text("currency"),
  createdBy: integer("created_by"),
  createdAt: created(),
  updatedAt: instant("updated_at"),
}, (t) => [index("cost_terms_project_idx").on(t.projectId, t.supplierId)]);

/** The criteria of a weighted evaluation, weights summing to 100; one of them may be the price. */
export const evaluationCriteria = sqliteTable("evaluation_criteria", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  projectId: integer("project_id").notNull().references(() => offerProjects.id, {
    onDelete: "cascade",
  }),
  sort: integer("sort").notNull().default(0),
  name: text("name").notNull(),
  weight: integer("weight").notNull(),
  /** The price criterion: scored lowest total / this total × weight, not by the team. */
  isPrice: integer("is_price", { mode: "boolean" }).notNull().default(false),
}, (t) => [index("evaluation_criteria_project_idx").on(t.projectId, t.sort)]);

/** The staff users who score a weighted evaluation. */
export const evaluationTeam = sqliteTable("evaluation_team", {
  projectId: integer("project_id").notNull().references(() => offerProjects.id, {
    onDelete: "cascade",
  }),
  userId: integer("user_id").notNull().references(() => users.id),
}, (t) => [primaryKey({ columns: [t.projectId, t.userId] })]);

/** A supplier's answer to a non-price criterion (text and attachments), given beside its quote. */
export const evaluationAnswers = sqliteTable("evaluation_answers", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  projectId: integer("project_id").notNull().references(() => offerProjects.id, {
    onDelete: "cascade",
  }),
  supplierId: integer("supplier_id").notNull().references(() => suppliers.id),
  criterionId: integer("criterion_id").notNull().references(() => evaluationCriteria.id, {
    onDelete: "cascade",
  }),
  text: text("text"),
  /** Attachments (files, purpose "evaluation"). */
  fileIds: text("file_ids", { mode: "json" }).$type<number[]>().notNull().default(sql`'[]'`),
  updatedAt: instant("updated_at").notNull(),
  updatedBy: integer("updated_by"),
}, (t) => [
  uniqueIndex("evaluation_answers_idx").on(t.projectId, t.supplierId, t.criterionId),
]);

/** An evaluator's score (0–10, with a comment) of a supplier on a non-price criterion. */
export const evaluationScores = sqliteTable("evaluation_scores", {
  projectId: integer("project_id").notNull().references(() => offerProjects.id, {
    onDelete: "cascade",
  }),
  evaluatorId: integer("evaluator_id").notNull().references(() => users.id),
  supplierId: integer("supplier_id").notNull().references(() => suppliers.id),
  criterionId: integer("criterion_id").notNull().references(() => evaluationCriteria.id, {
    onDelete: "cascade",
  }),
  score: integer("score").notNull(),
  comment: text("comment"),
  updatedAt: instant("updated_at").notNull(),
}, (t) => [
  primaryKey({ columns: [t.projectId, t.evaluatorId, t.supplierId, t.criterionId] }),
]);

/** An evaluator's submitted scores: from then on fixed, and the others' scores are shown to them. */
export const evaluationSubmissions = sqliteTable("evaluation_submissions", {
  projectId: integer("project_id").notNull().references(() => offerProjects.id, {
    onDelete: "cascade",
  }),
  evaluatorId: integer("evaluator_id").notNull().references(() => users.id),
  submittedAt: instant("submitted_at").notNull(),
}, (t) => [primaryKey({ columns: [t.projectId, t.evaluatorId] })]);

/**
 * The evaluation's record, like the quote record: append-only (triggers refuse UPDATE and DELETE),
 * one entry per submitted score sheet and per sign-off, each hashing the one before.
 */
export const evaluationRecord = sqliteTable("evaluation_record", {
  /** 1, 2, 3 … without gaps. */
  seq: integer("seq").primaryKey(),
  projectId: integer("project_id").notNull(),
  kind: text("kind", { enum: ["submitted", "signedOff"] }).notNull(),
  userId: integer("user_id").notNull(),
  /** The entry's facts (the scores submitted; the weighted result signed off) as canonical JSON. */
  data: text("data").notNull(),
  /** Milliseconds since the epoch. */
  at: integer("at").notNull(),
  prevHash: text("prev_hash").notNull(),
  entryHash: text("entry_hash").notNull(),
}, (t) => [
  uniqueIndex("evaluation_record_prev_idx").on(t.prevHash),
  index("evaluation_record_project_idx").on(t.projectId),
]);

/** A named award scenario the buyer saved on the matrix: its rules; the answer is solved when read. */
export const awardScenarios = sqliteTable("award_scenarios", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  projectId: integer("project_id").notNull().references(() => offerProjects.id, {
    onDelete: "cascade",
  }),
  name: text("name").notNull(),
  /** Which figures it minimises: the prices, or the total cost (prices and cost terms). */
  view: text("view", { enum: ["price", "total"] }).notNull(),
  /** The scenario's rules as JSON (server/domain/comparison/scenarios). */
  rules: text("rules", { mode: "json" }).$type<Record<string, unknown>>().notNull(),
  createdBy: integer("created_by"),
  createdAt: created(),
  updatedAt: instant("updated_at"),
}, (t) => [uniqueIndex("award_scenarios_name_idx").on(t.projectId, t.name)]);

// ---------------------------------------------------------------------------------------------
// Live reverse auctions: the optimisation stage of a project run as a timed auction
// ---------------------------------------------------------------------------------------------

/**
 * A project's reverse auction (at most one), set up by the buyer once the first quotes are in.
 * Times are the server's. `closesAt` is when bidding stops now: the end as set, moved later by
 * extensions (at most `extensionCapMinutes` in all) and by the time spent paused.
 */
export const auctions = sqliteTable("auctions", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  projectId: integer("project_id").notNull().references(() => offerProjects.id, {
    onDelete: "cascade",
  }),
  /** What is bid: the total of the priced lines in CNY, or each line's unit price in CNY. */
  basis: text("basis", { enum: ["total", "lines"] }).notNull(),
  startAt: instant("start_at").notNull(),
  /** The end as set up, before any extension or pause. */
  endAt: instant("end_at").notNull(),
  closesAt: instant("closes_at").notNull(),
  /** A bid in the last N minutes moves the end N minutes later … */
  extensionMinutes: integer("extension_minutes").notNull(),
  /** … adding at most this many minutes in all. */
  extensionCapMinutes: integer("extension_cap_minutes").notNull(),
  /** Milliseconds the extensions have added so far. */
  extendedMs: integer("extended_ms").notNull(),
  /** The least improvement on a supplier's own last bid: an amount in CNY or a percentage of it. */
  stepKind: text("step_kind", { enum: ["amount", "percent"] }).notNull(),
  step: text("step").notNull(),
  /**
   * The largest drop of one bid from the supplier's own last bid: an amount in CNY or a percentage
   * of that bid; a bid further down is refused as a slip of the keyboard.
   */
  maxDropKind: text("max_drop_kind", { enum: ["amount", "percent"] }).notNull().default("percent"),
  maxDrop: text("max_drop").notNull().default("20"),
  /** What bidders see besides their own bid: their rank only, or also the best bid (anonymised). */
  visibility: text("visibility", { enum: ["rank", "best"] }).notNull(),
  /** Stored state; "scheduled", "live" and the clock's end are judged with the server's clock. */
  status: text("status", { enum: ["active", "paused", "ended"] }).notNull(),
  pausedAt: instant("paused_at"),
  pauseReason: text("pause_reason"),
  endedAt: instant("ended_at"),
  endedBy: integer("ended_by"),
  /** The buyer's reason for ending early; null when the clock ended it. */
  endReason: text("end_reason"),
  createdBy: integer("created_by"),
  createdAt: instant("created_at").notNull(),
}, (t) => [
  uniqueIndex("auctions_project_idx").on(t.projectId),
  index("auctions_status_idx").on(t.status, t.closesAt),
]);

/** The suppliers taking part, each with its anonymised label (A, B, …); their starting bids are bids. */
export const auctionParticipants = sqliteTable("auction_participants", {
  auctionId: integer("auction_id").notNull().references(() => auctions.id, {
    onDelete: "cascade",
  }),
  supplierId: integer("supplier_id").notNull().references(() => suppliers.id),
  /** 1, 2, 3 … shown as Bidder A, B, C …: drawn at random, never in code order. */
  label: integer("label").notNull(),
}, (t) => [
  primaryKey({ columns: [t.auctionId, t.supplierId] }),
  index("auction_participants_supplier_idx").on(t.supplierId),
]);

/**
 * Every bid, with its server time, stored once: the starting bids (each supplier's first quote) and
 * the bids placed. It is also the tamper-evident record of the auction: append-only (triggers refuse
 * UPDATE and DELETE), each entry hashing the one before (server/domain/auction/chain.ts). No foreign
 * keys, so no cascade can ever remove an entry.
 */
export const auctionBids = sqliteTable("auction_bids", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  auctionId: integer("auction_id").notNull(),
  /** 1, 2, 3 … within the auction, without gaps. */
  seq: integer("seq").notNull(),
  supplierId: integer("supplier_id").notNull(),
  /** The line bid on (basis "lines"); null for a total. */
  itemId: integer("item_id"),
  /** CNY, an exact decimal string. */
  amount: text("amount").notNull(),
  kind: text("kind", { enum: ["start", "bid"] }).notNull(),
  /** Milliseconds since the epoch, by the server's clock. */
  at: integer("at").notNull(),
  /** The client's key of a placed bid: the same POST sent again is answered, not stored again. */
  bidKey: text("bid_key"),
  userId: integer("user_id"),
  clientIp: text("client_ip"),
  prevHash: text("prev_hash").notNull(),
  entryHash: text("entry_hash").notNull(),
}, (t) => [
  uniqueIndex("auction_bids_seq_idx").on(t.auctionId, t.seq),
  uniqueIndex("auction_bids_key_idx").on(t.auctionId, t.supplierId, t.bidKey),
  index("auction_bids_supplier_idx").on(t.auctionId, t.supplierId, t.itemId, t.seq),
]);

/**
 * What happened in an auction, in order: each bid, extension, pause, resumption and the end. The
 * live pages' event stream is read from here (its ids are the stream's event ids), so a page that
 * reconnects, to this server or another after a restart, gets every event it missed exactly once.
 */
export const auctionEvents = sqliteTable("auction_events", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  auctionId: integer("auction_id").notNull().references(() => auctions.id, {
    onDelete: "cascade",
  }),
  type: text("type", {
    enum: ["bid", "extended", "paused", "resumed", "ended", "maxDropChanged"],
  }).notNull(),
  at: integer("at").notNull(),
  /** The event's facts (bid id, supplier, line, amount; the new end; the reason) as JSON. */
  data: text("data", { mode: "json" }).$type<Record<string, unknown>>().notNull(),
}, (t) => [index("auction_events_auction_idx").on(t.auctionId, t.id)]);

export const suppliersRelations = relations(suppliers, ({ many }) => ({
  projects: many(offerProjectSuppliers),
  quotes: many(quotes),
}));

export const offerProjectsRelations = relations(offerProjects, ({ one, many }) => ({
  type: one(offerProjectTypes, {
    fields: [offerProjects.typeId],
    references: [offerProjectTypes.id],
  }),
  items: many(offerProjectItems),
  suppliers: many(offerProjectSuppliers),
  rounds: many(offerRounds),
  quotes: many(quotes),
}));

export const offerProjectItemsRelations = relations(offerProjectItems, ({ one }) => ({
  project: one(offerProjects, {
    fields: [offerProjectItems.projectId],
    references: [offerProjects.id],
  }),
}));

export const offerRoundsRelations = relations(offerRounds, ({ one }) => ({
  project: one(offerProjects, { fields: [offerRounds.projectId], references: [offerProjects.id] }),
}));

export const offerProjectSuppliersRelations = relations(offerProjectSuppliers, ({ one }) => ({
  project: one(offerProjects, {
    fields: [offerProjectSuppliers.projectId],
    references: [offerProjects.id],
  }),
  supplier: one(suppliers, {
    fields: [offerProjectSuppliers.supplierId],
    references: [suppliers.id],
  }),
}));

export const quotesRelations = relations(quotes, ({ one }) => ({
  project: one(offerProjects, { fields: [quotes.projectId], references: [offerProjects.id] }),
  supplier: one(suppliers, { fields: [quotes.supplierId], references: [suppliers.id] }),
  file: one(files, { fields: [quotes.fileId], references: [files.id] }),
}));

export const codeTypesRelations = relations(codeTypes, ({ many }) => ({ codes: many(codes) }));
export const codesRelations = relations(codes, ({ one }) => ({
  type: one(codeTypes, { fields: [codes.typeId], references: [codeTypes.id] }),
}));

// ---------------------------------------------------------------------------------------------
// Email: templates, the outbox (every email is written here first), persons in charge, job leases
// ---------------------------------------------------------------------------------------------

/**
 * One template per subject code, with its Chinese and English text; each email is written in the
 * recipient's language. `mechanism` is the trigger that sends it.
 */
export const emailTemplates = sqliteTable("email_templates", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  code: text("code").notNull().unique(),
  subject: text("subject").notNull(),
  content: text("content").notNull(),
  subjectEn: text("subject_en").notNull(),
  contentEn: text("content_en").notNull(),
  mechanism: text("mechanism", { enum: EMAIL_MECHANISMS }).notNull(),
  mechanismDescription: text("mechanism_description"),
  notifyObject: text("notify_object", { enum: EMAIL_RECIPIENTS }).notNull(),
  isActive: integer("is_active", { mode: "boolean" }).notNull().default(true),
  /** Reminders: hours before the deadline at which this template sends, e.g. [24, 2]. */
  hoursBefore: text("hours_before", { mode: "json" }).$type<number[]>(),
  createdAt: created(),
  updatedAt: instant("updated_at"),
});

export const emailOutbox = sqliteTable("email_outbox", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  /** What caused it, e.g. published:12:PROJECT_PUBLISHED; with the recipient, never twice. */
  eventKey: text("event_key").notNull(),
  templateCode: text("template_code").notNull(),
  recipient: text("recipient").notNull(),
  recipientName: text("recipient_name"),
  language: text("language", { enum: ["zh", "en"] }).notNull().default("zh"),
  subject: text("subject").notNull(),
  body: text("body").notNull(),
  projectId: integer("project_id").references(() => offerProjects.id, { onDelete: "set null" }),
  supplierId: integer("supplier_id").references(() => suppliers.id, { onDelete: "set null" }),
  userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
  status: text("status", { enum: ["pending", "sent", "failed", "notConfigured"] }).notNull()
    .default("pending"),
  attempts: integer("attempts").notNull().default(0),
  nextAttemptAt: instant("next_attempt_at").notNull(),
  lastError: text("last_error"),
  createdAt: created(),
  sentAt: instant("sent_at"),
}, (t) => [
  uniqueIndex("email_outbox_event_recipient_idx").on(t.eventKey, t.recipient),
  index("email_outbox_due_idx").on(t.status, t.nextAttemptAt),
  index("email_outbox_project_idx").on(t.projectId),
]);

/** The person in charge of a buyer: copied on the ended and closed emails, approves awards. */
export const userLeaders = sqliteTable("user_leaders", {
  userId: integer("user_id").primaryKey().references(() => users.id, { onDelete: "cascade" }),
  leaderId: integer("leader_id").notNull().references(() => users.id, { onDelete: "cascade" }),
  createdAt: created(),
  updatedAt: instant("updated_at"),
}, (t) => [index("user_leaders_leader_idx").on(t.leaderId)]);

/** One row per scheduled job: who runs it now (until when), and when it last finished. */
export const jobLeases = sqliteTable("job_leases", {
  name: text("name").primaryKey(),
  holder: text("holder"),
  expiresAt: instant("expires_at"),
  lastRunAt: instant("last_run_at"),
  lastError: text("last_error"),
});

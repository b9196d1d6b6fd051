// Environment -> one typed, validated configuration object; a bad value stops start-up naming the variable.
import { z } from "zod";
import { join, resolve } from "node:path";

const urlLike = (schemes: RegExp) =>
  z.string().regex(schemes, {
    message: `must start with ${schemes.source.replace(/[\\^()]/g, "")}`,
  });

const envSchema = z.object({
  PORT: z.coerce.number().int().min(1).max(65535).default(8000),
  HOST: z.string().min(1).default("0.0.0.0"),
  DATA_DIR: z.string().min(1).default("./data"),
  DATABASE_URL: urlLike(/^(file:|libsql:\/\/|https?:\/\/|wss?:\/\/)/).optional(),
  DATABASE_AUTH_TOKEN: z.string().min(1).optional(),
  DB_READS: z.enum(["native", "driver"], { message: "must be native or driver" }).default("native"),
  JWT_SECRET: z.string().min(32, { message: "must be at least 32 characters" }).optional(),
  TOKEN_TTL_HOURS: z.coerce.number().int().min(1).max(24 * 90).default(24),
  ADMIN_PASSWORD: z.string().min(8, { message: "must be at least 8 characters" }).optional(),
  DEMO_DATA: z.enum(["0", "1"], { message: "must be 0 or 1" }).default("1").transform((v) =>
    v === "1"
  ),
  PUBLIC_URL: z.url({ message: "must be an absolute http(s) URL" }).optional(),
  SMTP_URL: urlLike(/^smtps?:\/\//).optional(),
  MAIL_FROM: z.string().min(3).optional(),
  TRUST_PROXY: z.enum(["0", "1"], { message: "must be 0 or 1" }).default("0").transform((v) =>
    v === "1"
  ),
  MAX_UPLOAD_MB: z.coerce.number().positive().max(2048).default(50),
  AMS_URL: z.url({ message: "must be an absolute http(s) URL" }).optional(),
  ERP_SUPPLIERS_URL: z.url({ message: "must be an absolute http(s) URL" }).optional(),
  ERP_SUPPLIERS_TOKEN: z.string().min(1).optional(),
  WORKERS: z.string()
    .refine((v) => v === "auto" || (/^\d+$/.test(v) && Number(v) >= 1 && Number(v) <= 64), {
      message: "must be a number from 1 to 64, or auto",
    })
    .transform((v) => v === "auto" ? navigator.hardwareConcurrency : Number(v))
    .default(1),
  SHUTDOWN_GRACE_SECONDS: z.coerce.number().int().min(0).max(3600).default(30),
  METRICS_TOKEN: z.string().min(16, { message: "must be at least 16 characters" }).optional(),
  LOG_FORMAT: z.enum(["text", "json"], { message: "must be text or json" }).default("text"),
  BACKUP_DIR: z.string().min(1).optional(),
  BACKUP_TIME: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, {
    message: "must be a time of day as HH:MM (UTC+8)",
  }).default("02:30"),
  BACKUP_KEEP: z.coerce.number().int().min(1).max(1000).default(14),
  OIDC_ISSUER: z.url({ message: "must be an absolute http(s) URL" }).optional(),
  OIDC_CLIENT_ID: z.string().min(1).max(256).optional(),
  OIDC_CLIENT_SECRET: z.string().min(1).max(1024).optional(),
  OIDC_USERNAME_CLAIM: z.string().regex(/^[A-Za-z0-9_.:-]{1,64}$/, {
    message: "must be a claim name",
  }).default("preferred_username"),
});

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string;
  databaseAuthToken?: string;
  /** Set when the database is a local file (backup and restore work on it directly). */
  databaseFile?: string;
  /** How plain SELECTs on a database file are read (db/client.ts openDatabase). */
  databaseReads: "native" | "driver";
  jwtSecret: string;
  tokenTtlSeconds: number;
  adminPassword?: string;
  demoData: boolean;
  publicUrl: string;
  smtpUrl?: string;
  mailFrom: string;
  trustProxy: boolean;
  /** Largest accepted upload, in MiB. */
  maxUploadMb: number;
  /** The asset system's open-demand endpoint; unset: demands cannot be fetched. */
  amsUrl?: string;
  /** The ERP's supplier list (JSON); unset: suppliers are introduced from files only. */
  erpSuppliersUrl?: string;
  /** Sent to the ERP as `Authorization: Bearer …` when set. */
  erpSuppliersToken?: string;
  /** HTTP workers sharing the port (one per core with WORKERS=auto). */
  workers: number;
  /** How long a stopping server waits for the calls in progress (an upload) to finish. */
  shutdownGraceMs: number;
  /** GET /metrics answers only with this bearer token; unset: no metrics (404). */
  metricsToken?: string;
  /** "json": one JSON line per request and per job run; "text": the human-readable lines. */
  logFormat: "text" | "json";
  /** Where the nightly backups go; unset: no scheduled backups. */
  backupDir?: string;
  /** When the nightly backup runs, minutes after midnight in UTC+8. */
  backupMinute: number;
  /** How many backups are kept; older ones go once a newer one has passed its check. */
  backupKeep: number;
  /** Company sign-in (OpenID Connect) for staff; unset: passwords only. */
  oidc?: OidcConfig;
};

export type OidcConfig = {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The claim holding the QMO user name (preferred_username unless told). */
  userNameClaim: string;
};

export class ConfigError extends Error {}

/**
 * Reads the environment; unset and empty variables take their defaults. The data folder and its
 * signing secret are created when missing, unless `create` is false (a CLI command, which creates
 * nothing: without the secret file it signs with a secret of its own for that run).
 */
export function loadConfig(
  env: Record<string, string | undefined> = Deno.env.toObject(),
  opts: { create?: boolean } = {},
): Config {
  const create = opts.create ?? true;
  const present = Object.fromEntries(
    Object.entries(env).filter(([k, v]) => k in envSchema.shape && v !== undefined && v !== ""),
  );
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${String(i.path[0])}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n  ${lines.join("\n  ")}`);
  }
  const e = parsed.data;
  const oidcSet = [e.OIDC_ISSUER, e.OIDC_CLIENT_ID, e.OIDC_CLIENT_SECRET].filter(Boolean).length;
  if (oidcSet > 0 && oidcSet < 3) {
    throw new ConfigError(
      "Invalid configuration:\n  OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET: set all three or none",
    );
  }
  const dataDir = resolve(e.DATA_DIR);
  if (create) Deno.mkdirSync(dataDir, { recursive: true });
  const databaseUrl = e.DATABASE_URL ?? `file:${join(dataDir, "qmo.db")}`;
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl,
    databaseAuthToken: e.DATABASE_AUTH_TOKEN,
    databaseFile: databaseUrl.startsWith("file:") ? databaseUrl.slice("file:".length) : undefined,
    databaseReads: e.DB_READS,
    jwtSecret: e.JWT_SECRET ?? readOrCreateSecret(join(dataDir, "jwt-secret"), create),
    tokenTtlSeconds: e.TOKEN_TTL_HOURS * 3600,
    adminPassword: e.ADMIN_PASSWORD,
    demoData: e.DEMO_DATA,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ""),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM ?? "QMO <no-reply@localhost>",
    trustProxy: e.TRUST_PROXY,
    maxUploadMb: e.MAX_UPLOAD_MB,
    amsUrl: e.AMS_URL,
    erpSuppliersUrl: e.ERP_SUPPLIERS_URL,
    erpSuppliersToken: e.ERP_SUPPLIERS_TOKEN,
    workers: e.WORKERS,
    shutdownGraceMs: e.SHUTDOWN_GRACE_SECONDS * 1000,
    metricsToken: e.METRICS_TOKEN,
    logFormat: e.LOG_FORMAT,
    backupDir: e.BACKUP_DIR ? resolve(e.BACKUP_DIR) : undefined,
    backupMinute: Number(e.BACKUP_TIME.slice(0, 2)) * 60 + Number(e.BACKUP_TIME.slice(3)),
    backupKeep: e.BACKUP_KEEP,
    oidc: e.OIDC_ISSUER && e.OIDC_CLIENT_ID && e.OIDC_CLIENT_SECRET
      ? {
        issuer: e.OIDC_ISSUER,
        clientId: e.OIDC_CLIENT_ID,
        clientSecret: e.OIDC_CLIENT_SECRET,
        userNameClaim: e.OIDC_USERNAME_CLAIM,
      }
      : undefined,
  };
}

/**
 * The signing secret is generated once and kept in the data folder, readable by its owner only.
 * Instances sharing the folder and starting together must end up with the same secret: it is
 * written whole to a file of its own, then linked into place only if no other instance got there
 * first; whoever loses reads the winner's.
 */
function readOrCreateSecret(path: string, create: boolean): string {
  const read = () => {
    try {
      const s = Deno.readTextFileSync(path).trim();
      return s.length >= 32 ? s : "";
    } catch (err) {
      if (err instanceof Deno.errors.NotFound) return undefined;
      throw err;
    }
  };
  const existing = read();
  if (existing) return existing;
  const bytes = crypto.getRandomValues(new Uint8Array(48));
  const secret = btoa(String.fromCharCode(...bytes));
  if (!create) return secret;
  const temp = `${path}.${crypto.randomUUID()}.tmp`;
  Deno.writeTextFileSync(temp, secret, { mode: 0o600 });
  try {
    // Too short to use: replaced. Missing: created, unless another instance just did.
    if (existing === "") Deno.renameSync(temp, path);
    else Deno.linkSync(temp, path);
  } catch (err) {
    if (!(err instanceof Deno.errors.AlreadyExists)) throw err;
  } finally {
    try {
      Deno.removeSync(temp);
    } catch { /* renamed */ }
  }
  return read() || secret;
}

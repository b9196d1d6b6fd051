// First-run data: the seeded roles, the first admin, and (with DEMO_DATA=1) demo rows of each area
// whose sign-ins get generated passwords, printed once.
import { and, count, eq, inArray } from "drizzle-orm";
import { roles, userRoles, users } from "../db/schema.ts";
import type { Deps } from "./domain/context.ts";
import { ensureStaticRoles } from "./domain/roles/service.ts";
import { createUser } from "./domain/users/service.ts";
import { generatePassword } from "./domain/shared/password.ts";
import { normalizeUserName } from "./domain/auth/service.ts";
import { StaticRoles } from "./domain/auth/permissions.ts";
import { seedDemoSuppliers } from "./domain/suppliers/demo.ts";
import { seedDemoQuote } from "./domain/quotes/demo.ts";
import { seedDemoProjects } from "./domain/projects/demo.ts";
import { ensureCompanyCalendar } from "./domain/calendar/service.ts";
import { ensureEmailTemplates } from "./domain/email/templates.ts";
import { ensureCommercialCodes, seedDemoRates } from "./domain/dictionary/commercial.ts";
import { ensureProjectCodes } from "./domain/dictionary/projectCodes.ts";
import { ensureCertificateTypes } from "./domain/suppliers/certificates.ts";

export type SeedReport = {
  firstRun: boolean;
  /** Set when the admin was created with a generated password: printed once, never stored in clear. */
  adminPassword?: string;
  adminCreated: boolean;
  /** The demo sign-ins created now, with their generated passwords: printed once, never stored in clear. */
  demoSignIns: { userName: string; password: string; role: string }[];
  /** How many demo sign-ins are active, and the first names of them (start-up warns while any is). */
  activeDemoUsers: { count: number; first: string[] };
};

/** Demo rows of one area; each area adds its own seeder here. Runs once, on the first start. */
type DemoSeeder = (deps: Deps) => Promise<SeedReport["demoSignIns"]>;

const demoStaff: DemoSeeder = async (deps) => {
  const people = [
    {
      userName: "buyer",
      name: "张伟 Zhang Wei",
      password: generatePassword(),
      role: StaticRoles.Buyer,
      email: "buyer@example.com",
    },
    {
      userName: "leader",
      name: "李娜 Li Na",
      password: generatePassword(),
      role: StaticRoles.Buyer,
      email: "leader@example.com",
    },
  ];
  for (const p of people) {
    await createUser(deps, {
      userName: p.userName,
      name: p.name,
      password: p.password,
      roleNames: [p.role],
      emailAddress: p.email,
    });
  }
  return people.map(({ userName, password, role }) => ({ userName, password, role }));
};

// Projects come last: they are published to the demo suppliers seeded before them.
const demoSeeders: DemoSeeder[] = [
  demoStaff,
  seedDemoSuppliers,
  seedDemoProjects,
  seedDemoQuote,
  seedDemoRates,
];

async function hasActiveAdmin(deps: Deps): Promise<boolean> {
  const [{ n }] = await deps.db.select({ n: count() }).from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId)).innerJoin(
      users,
      eq(users.id, userRoles.userId),
    )
    .where(and(eq(roles.name, StaticRoles.Admin), eq(users.isActive, true)));
  return n > 0;
}

export async function seed(deps: Deps): Promise<SeedReport> {
  await ensureStaticRoles(deps.db);
  await ensureCompanyCalendar(deps.db);
  // Currencies, trade terms and payment methods that priced quote lines choose from.
  await ensureCommercialCodes(deps.db);
  // Units, factories and close reasons the project dialogs offer.
  await ensureProjectCodes(deps.db);
  await ensureCertificateTypes(deps.db);
  // Missing seeded email templates are added on every start; edited ones are left alone.
  await ensureEmailTemplates(deps.db);
  const report: SeedReport = {
    firstRun: false,
    adminCreated: false,
    demoSignIns: [],
    activeDemoUsers: { count: 0, first: [] },
  };
  await seedFirstRun(deps, report);
  const active = and(eq(users.isDemo, true), eq(users.isActive, true));
  // A generated database has hundreds of them: the warning names the first few.
  report.activeDemoUsers = {
    count: (await deps.db.select({ n: count() }).from(users).where(active))[0].n,
    first: (await deps.db.select({ userName: users.userName }).from(users).where(active)
      .orderBy(users.id).limit(10)).map((u) => u.userName),
  };
  return report;
}

/** The first administrator when there is no active one; on a first start, the demo rows too. */
async function seedFirstRun(deps: Deps, report: SeedReport) {
  if (await hasActiveAdmin(deps)) return;
  const [{ n: userCount }] = await deps.db.select({ n: count() }).from(users);
  report.firstRun = userCount === 0;
  const password = deps.config.adminPassword ?? generatePassword();
  if (!deps.config.adminPassword) report.adminPassword = password;
  const existing = await deps.db.query.users.findFirst({
    where: eq(users.normalizedUserName, "admin"),
  });
  if (existing) {
    throw new Error(
      "No active administrator, but a user named admin exists: use `deno task cli -- users reset-password admin` and give it the Admin role.",
    );
  }
  await createUser(deps, {
    userName: "admin",
    name: "Administrator",
    password,
    roleNames: [StaticRoles.Admin],
  });
  report.adminCreated = true;
  if (report.firstRun && deps.config.demoData) {
    for (const seeder of demoSeeders) report.demoSignIns.push(...await seeder(deps));
    const names = report.demoSignIns.map((d) => normalizeUserName(d.userName));
    if (names.length) {
      await deps.db.update(users).set({ isDemo: true })
        .where(inArray(users.normalizedUserName, names));
    }
  }
}

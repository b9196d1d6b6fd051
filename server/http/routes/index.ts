// Every API route of the product, in one list: mounted by the app, documented by OpenAPI, walked by tests.
import type { RouteDef } from "../route.ts";
import { authRoutes } from "./auth.ts";
import { oidcRoutes } from "./oidc.ts";
import { passwordResetRoutes } from "./passwordReset.ts";
import { userRoutes } from "./users.ts";
import { groupRoutes, roleRoutes } from "./roles.ts";
import { auditRoutes } from "./audit.ts";
import { fileRoutes } from "./files.ts";
import { categoryRoutes } from "./categories.ts";
import { projectRoutes } from "./projects.ts";
import { dictionaryRoutes } from "./dictionary.ts";
import { supplierRoutes } from "./suppliers.ts";
import { supplierOfferRoutes } from "./supplierOffer.ts";
import { settingRoutes } from "./settings.ts";
import { emailRoutes } from "./email.ts";
import { leaderRoutes } from "./leaders.ts";
import { comparisonRoutes } from "./comparison.ts";
import { qualificationRoutes } from "./qualifications.ts";
import { calendarRoutes } from "./calendar.ts";
import { awardApprovalRoutes } from "./awardApprovals.ts";
import { questionRoutes } from "./questions.ts";
import { savingsRoutes } from "./savings.ts";
import { auctionRoutes } from "./auction.ts";
import { evaluationRoutes } from "./evaluation.ts";
import { alternativeRoutes } from "./alternatives.ts";
import { costTermRoutes } from "./costTerms.ts";
import { scenarioRoutes } from "./scenarios.ts";
import { twoFactorRoutes } from "./twoFactor.ts";

export const allRoutes: RouteDef[] = [
  ...authRoutes,
  ...oidcRoutes,
  ...passwordResetRoutes,
  ...userRoutes,
  ...roleRoutes,
  ...groupRoutes,
  ...auditRoutes,
  ...fileRoutes,
  ...categoryRoutes,
  ...projectRoutes,
  ...dictionaryRoutes,
  ...supplierRoutes,
  ...supplierOfferRoutes,
  ...settingRoutes,
  ...emailRoutes,
  ...leaderRoutes,
  ...comparisonRoutes,
  ...qualificationRoutes,
  ...calendarRoutes,
  ...awardApprovalRoutes,
  ...questionRoutes,
  ...savingsRoutes,
  ...auctionRoutes,
  ...evaluationRoutes,
  ...alternativeRoutes,
  ...costTermRoutes,
  ...scenarioRoutes,
  ...twoFactorRoutes,
];

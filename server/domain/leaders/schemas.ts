// Inputs of the person-in-charge operations (set the person in charge); shared by HTTP, CLI and client.
import { z } from "zod";
import { id, wholeNumber } from "../shared/input.ts";
import { pagedInput } from "../shared/paging.ts";
import { pageOf } from "../shared/results.ts";

export const listLeadersInput = z.object({
  keyword: z.string().trim().max(100).optional().describe("Part of the user's user name or name."),
  /** Only users that have (true) or lack (false) a person in charge. */
  hasLeader: z.stringbool().optional().describe(
    "Only users that have (true) or lack (false) a person in charge.",
  ),
  ...pagedInput,
});
export const setLeaderInput = z.object({
  userId: wholeNumber(1, Number.MAX_SAFE_INTEGER, "leaders.userRequired").describe(
    "The staff user's id.",
  ),
  leaderId: wholeNumber(1, Number.MAX_SAFE_INTEGER, "leaders.leaderRequired").describe(
    "The id of their person in charge: another active staff user.",
  ),
});
export const deleteLeaderInput = z.object({ userId: id.describe("The staff user's id.") });

/** A staff user and their person in charge. */
export const userLeaderDto = z.object({
  userId: z.int().describe("The user's id."),
  userName: z.string().describe("The user's sign-in name."),
  name: z.string().describe("The user's name."),
  emailAddress: z.string().nullable().describe("The user's email address, or null."),
  leaderId: z.int().nullable().describe("Their person in charge's user id; null when none."),
  leaderUserName: z.string().nullable().describe("The person in charge's sign-in name, or null."),
  leaderName: z.string().nullable().describe("The person in charge's name, or null."),
  leaderEmailAddress: z.string().nullable().describe(
    "The person in charge's email address (copied on the user's project emails), or null.",
  ),
});
export const userLeaderPage = pageOf(userLeaderDto, "staff users");

export type ListLeadersInput = z.infer<typeof listLeadersInput>;
export type SetLeaderInput = z.input<typeof setLeaderInput>;

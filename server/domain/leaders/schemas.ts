// Inputs of the person-in-charge operations (set the person in charge); shared by HTTP, CLI and client.
import { z } from "zod";
import { id, wholeNumber } from "../shared/input.ts";
import { pagedInput } from "../shared/paging.ts";

export const listLeadersInput = z.object({
  keyword: z.string().trim().max(100).optional(),
  /** Only users that have (true) or lack (false) a person in charge. */
  hasLeader: z.stringbool().optional(),
  ...pagedInput,
});
export const setLeaderInput = z.object({
  userId: wholeNumber(1, Number.MAX_SAFE_INTEGER, "leaders.userRequired"),
  leaderId: wholeNumber(1, Number.MAX_SAFE_INTEGER, "leaders.leaderRequired"),
});
export const deleteLeaderInput = z.object({ userId: id });

export type ListLeadersInput = z.infer<typeof listLeadersInput>;
export type SetLeaderInput = z.input<typeof setLeaderInput>;

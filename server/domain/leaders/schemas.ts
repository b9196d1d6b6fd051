// Inputs of the person-in-charge operations (set the person in charge); shared by HTTP, CLI and client.
import { z } from "zod";
import { pagedInput } from "../paging.ts";

export const listLeadersInput = z.object({
  keyword: z.string().trim().max(100).optional(),
  /** Only users that have (true) or lack (false) a person in charge. */
  hasLeader: z.stringbool().optional(),
  ...pagedInput,
});
export const setLeaderInput = z.object({
  userId: z.number({ error: "leaders.userRequired" }).int().positive(),
  leaderId: z.number({ error: "leaders.leaderRequired" }).int().positive(),
});
export const deleteLeaderInput = z.object({ userId: z.coerce.number().int().positive() });

export type ListLeadersInput = z.infer<typeof listLeadersInput>;
export type SetLeaderInput = z.input<typeof setLeaderInput>;

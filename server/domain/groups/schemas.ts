// Inputs of the group operations.
import { z } from "zod";
import { pagedInput } from "../paging.ts";

export const listGroupsInput = z.object({
  keyword: z.string().trim().max(100).optional(),
  ...pagedInput,
});
const groupFields = {
  name: z.string().trim().min(1).max(64),
  description: z.string().trim().max(500).nullish().transform((v) => v || null),
  userIds: z.array(z.number().int().positive()).max(5000).optional(),
};
export const createGroupInput = z.object(groupFields);
export const updateGroupInput = z.object({ id: z.number().int().positive(), ...groupFields });
export const setMembersInput = z.object({
  groupId: z.number().int().positive(),
  userIds: z.array(z.number().int().positive()).max(5000),
});

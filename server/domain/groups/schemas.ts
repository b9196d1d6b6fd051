// Inputs of the group operations.
import { z } from "zod";
import { id, multiLine } from "../shared/input.ts";
import { pagedInput } from "../shared/paging.ts";

export const listGroupsInput = z.object({
  keyword: z.string().trim().max(100).optional(),
  ...pagedInput,
});
const groupFields = {
  name: z.string().trim().min(1).max(64),
  description: multiLine(z.string().trim().max(500).nullish().transform((v) => v || null)),
  userIds: z.array(id).max(5000).optional(),
};
export const createGroupInput = z.object(groupFields);
export const updateGroupInput = z.object({ id, ...groupFields });
export const setMembersInput = z.object({
  groupId: id,
  userIds: z.array(id).max(5000),
});

// Inputs of the group operations.
import { z } from "zod";
import { id, multiLine } from "../shared/input.ts";
import { pagedInput } from "../shared/paging.ts";
import { isoInstant, pageOf } from "../shared/results.ts";

export const listGroupsInput = z.object({
  keyword: z.string().trim().max(100).optional().describe("Part of the group's name."),
  ...pagedInput,
});
const groupFields = {
  name: z.string().trim().min(1).max(64).describe("The group's name, unique."),
  description: multiLine(
    z.string().trim().max(500).nullish().transform((v) => v || null).describe(
      "What the group is (up to 500 characters), or none.",
    ),
  ),
  userIds: z.array(id).max(5000).optional().describe(
    "The ids of the group's members (unchanged when left out).",
  ),
};
export const createGroupInput = z.object(groupFields);
export const updateGroupInput = z.object({ id: id.describe("The group's id."), ...groupFields });
export const setMembersInput = z.object({
  groupId: id.describe("The group's id."),
  userIds: z.array(id).max(5000).describe("The ids of all its members from now on."),
});

// ---------------------------------------------------------------------------------------------
// Results
// ---------------------------------------------------------------------------------------------

/** A group with its members. */
export const groupDto = z.object({
  id: z.int().describe("The group's id."),
  name: z.string().describe("The group's name."),
  description: z.string().nullable().describe("What the group is, or null."),
  creationTime: isoInstant.describe("When the group was created."),
  members: z.array(
    z.object({
      id: z.int().describe("The member's user id."),
      userName: z.string().describe("The member's sign-in name."),
      name: z.string().describe("The member's name."),
    }),
  ).describe("The group's members, by user name."),
});
export const groupPage = pageOf(groupDto, "groups");

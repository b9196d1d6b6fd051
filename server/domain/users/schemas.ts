// Inputs of the user operations; shared by the HTTP routes, the CLI and the client.
import { z } from "zod";
import { id, multiLine } from "../shared/input.ts";
import { pagedInput } from "../shared/paging.ts";

const userNameSchema = z.string().trim().regex(/^[A-Za-z0-9._@-]{2,64}$/, {
  error: "errors.field.userName",
});
export const passwordSchema = z.string().min(8).max(128);
const optionalText = (max: number) =>
  z.string().trim().max(max).nullish().transform((v) => v || null);

/** Whether a text is an absolute http(s) link. */
function isHttpUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return (url.protocol === "http:" || url.protocol === "https:") && url.hostname !== "";
  } catch {
    return false;
  }
}

/** An avatar: a link to an image on the web (http or https, never javascript: or data:), or none. */
const avatarUrl = optionalText(1024).refine((v) => v === null || isHttpUrl(v), {
  error: "errors.field.httpUrl",
});

export const listUsersInput = z.object({
  keyword: z.string().trim().max(100).optional(),
  isActive: z.stringbool().optional(),
  kind: z.enum(["staff", "supplier"]).optional(),
  ...pagedInput,
});

const userFields = {
  userName: userNameSchema,
  name: z.string().trim().min(1).max(64),
  emailAddress: z.email().max(256).nullish().or(z.literal("").transform(() => null)),
  isActive: z.boolean().default(true),
  kind: z.enum(["staff", "supplier"]).default("staff"),
  supplierId: id.nullish(),
  roleNames: z.array(z.string().min(1).max(64)).max(50).default([]),
  groupIds: z.array(id).max(200).optional(),
  avatar: avatarUrl,
  introduction: multiLine(optionalText(1000)),
};

export const createUserInput = z.object({ ...userFields, password: passwordSchema });
export const updateUserInput = z.object({ id, ...userFields });
export const resetPasswordInput = z.object({
  userId: id,
  newPassword: passwordSchema,
});
export const changePasswordInput = z.object({
  currentPassword: z.string().min(1).max(128),
  newPassword: passwordSchema,
});
export const updateProfileInput = z.object({
  name: z.string().trim().min(1).max(64),
  avatar: avatarUrl,
  introduction: multiLine(optionalText(1000)),
  emailAddress: z.email().max(256).nullish().or(z.literal("").transform(() => null)),
});
export const changeLanguageInput = z.object({ languageName: z.enum(["zh", "en"]) });

export type ListUsersInput = z.infer<typeof listUsersInput>;
type CreateUserInput = z.input<typeof createUserInput>;
type UpdateUserInput = z.input<typeof updateUserInput>;

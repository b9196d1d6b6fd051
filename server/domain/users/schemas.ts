// Inputs of the user operations; shared by the HTTP routes, the CLI and the client.
import { z } from "zod";
import { id, multiLine } from "../shared/input.ts";
import { pagedInput } from "../shared/paging.ts";
import { isoInstant, pageOf } from "../shared/results.ts";

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

const userKind = z.enum(["staff", "supplier"]);

export const listUsersInput = z.object({
  keyword: z.string().trim().max(100).optional().describe(
    "Part of the user name, name or email address.",
  ),
  isActive: z.stringbool().optional().describe("Only active (true) or inactive (false) users."),
  kind: userKind.optional().describe("Only staff users or only supplier users."),
  ...pagedInput,
});

const emailAddress = z.email().max(256).nullish().or(z.literal("").transform(() => null))
  .describe("The email address (none when left out or empty).");
const avatar = avatarUrl.describe("A link (http or https) to the user's picture, or none.");
const introduction = multiLine(
  optionalText(1000).describe("A few words about the user (up to 1000 characters), or none."),
);

const userFields = {
  userName: userNameSchema.describe(
    "The sign-in name: 2 to 64 letters, digits or . _ @ -, unique without regard to case.",
  ),
  name: z.string().trim().min(1).max(64).describe("The name people see."),
  emailAddress,
  isActive: z.boolean().default(true).describe("Whether the user may sign in (true)."),
  kind: userKind.default("staff").describe(
    "staff (the back-office) or supplier (the supplier portal, for the supplier of supplierId).",
  ),
  supplierId: id.nullish().describe("The supplier a supplier user acts for."),
  roleNames: z.array(z.string().min(1).max(64)).max(50).default([]).describe(
    "The names of the user's roles (none when left out).",
  ),
  groupIds: z.array(id).max(200).optional().describe(
    "The ids of the user's groups (unchanged when left out).",
  ),
  avatar,
  introduction,
};

const newPassword = passwordSchema.describe("The new password: 8 to 128 characters.");

export const createUserInput = z.object({
  ...userFields,
  password: passwordSchema.describe("The first password: 8 to 128 characters."),
});
export const updateUserInput = z.object({ id: id.describe("The user's id."), ...userFields });
export const resetPasswordInput = z.object({
  userId: id.describe("The user's id."),
  newPassword,
});
export const changePasswordInput = z.object({
  currentPassword: z.string().min(1).max(128).describe("The password the user has now."),
  newPassword,
});
export const updateProfileInput = z.object({
  name: z.string().trim().min(1).max(64).describe("The name people see."),
  avatar,
  introduction,
  emailAddress,
});
export const changeLanguageInput = z.object({
  languageName: z.enum(["zh", "en"]).describe(
    "zh (Chinese) or en (English): the screens' and emails' language.",
  ),
});

// ---------------------------------------------------------------------------------------------
// Results
// ---------------------------------------------------------------------------------------------

const roleNames = z.array(z.string()).describe("The names of the user's roles, sorted.");

/** A user as the user administration shows it. */
export const userDto = z.object({
  id: z.int().describe("The user's id."),
  userName: z.string().describe("The sign-in name."),
  name: z.string().describe("The name people see."),
  emailAddress: z.string().nullable().describe("The email address, or null."),
  isActive: z.boolean().describe("Whether the user may sign in."),
  kind: userKind.describe("staff (the back-office) or supplier (the supplier portal)."),
  supplierId: z.int().nullable().describe("The supplier a supplier user acts for; null for staff."),
  avatar: z.string().nullable().describe("A link to the user's picture, or null."),
  introduction: z.string().nullable().describe("A few words about the user, or null."),
  language: z.string().nullable().describe(
    "The user's language (zh or en) for screens and emails; null until known.",
  ),
  lastLoginTime: isoInstant.nullable().describe("When the user last signed in; null if never."),
  creationTime: isoInstant.describe("When the user was created."),
  roleNames,
  groupIds: z.array(z.int()).describe("The ids of the user's groups."),
});
export const userPage = pageOf(userDto, "users");

/** The signed-in user, as the screens greet them and decide what to show. */
export const userInfo = z.object({
  id: z.int().describe("The user's id."),
  name: z.string().describe("The name people see."),
  userName: z.string().describe("The sign-in name."),
  avatar: z.string().nullable().describe("A link to the user's picture, or null."),
  introduction: z.string().nullable().describe("A few words about the user, or null."),
  emailAddress: z.string().nullable().describe("The email address, or null."),
  language: z.string().nullable().describe("The user's language (zh or en); null until known."),
  kind: userKind.describe("staff (the back-office) or supplier (the supplier portal)."),
  supplierId: z.int().nullable().describe("The supplier a supplier user acts for; null for staff."),
  roleNames,
  grantedPermissionNames: z.array(z.string()).describe(
    "Every permission the user's roles grant, sorted.",
  ),
});

export type ListUsersInput = z.infer<typeof listUsersInput>;
type CreateUserInput = z.input<typeof createUserInput>;
type UpdateUserInput = z.input<typeof updateUserInput>;

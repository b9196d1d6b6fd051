// The user's own profile call, typed by the server's input schema.
import type { z } from "zod";
import { api } from "../../../shared/api.ts";
import type { updateProfileInput } from "../../../../server/domain/users/schemas.ts";

export const profileApi = {
  update: (input: z.input<typeof updateProfileInput>) => api.put("/app/User/UpdateProfile", input),
};

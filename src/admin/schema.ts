import { z } from "zod";
import { UserOut } from "../accounts/schema.ts";
import { USER_SORTS, ROLES } from "../accounts/directory.ts";
import { userText, wholeNumber } from "../core/schema.ts";

/** Pages of at most 100 rows: a school has thousands of students, a page shows a few dozen. */
const paging = {
  page: wholeNumber("page must be a whole number from 1.").pipe(z.number().min(1, "page must be a whole number from 1.").max(100_000)).default(1),
  per_page: wholeNumber("per_page must be from 1 to 100.").pipe(z.number().min(1, "per_page must be from 1 to 100.").max(100, "per_page must be from 1 to 100.")).default(25),
};
const search = userText().pipe(z.string().max(200, "The search is too long (at most 200 characters).")).optional();

export const AdminDataQuery = z.object({ q: search, ...paging });
export const UsersQuery = z.object({
  q: search,
  role: z.enum(ROLES, { error: "role must be student, teacher or admin." }).optional(),
  sort: z.enum(USER_SORTS, { error: `sort must be one of ${USER_SORTS.join(", ")}.` }).optional(),
  order: z.enum(["asc", "desc"], { error: "order must be asc or desc." }).optional(),
  ...paging,
});
export const FilesQuery = z.object({ q: search, ...paging });
export const AuditQueryInput = z.object({
  q: search,
  action: z.string().max(48).optional(),
  actor: z.string().max(64).optional(),
  ...paging,
});
export const AnalyticsQuery = z.object({
  days: z.preprocess((v) => (v === undefined ? 30 : Number(v)), z.union([z.literal(7), z.literal(30), z.literal(90)], { error: "days must be 7, 30 or 90." })),
});

export const UserPatch = z
  .strictObject(
    {
    role: z.enum(ROLES, { error: "role must be student, teacher or admin." }).optional(),
    disabled: z.boolean({ error: "disabled must be true or false." }).optional(),
    is_verified: z.boolean({ error: "is_verified must be true or false." }).optional(),
    },
    { error: (issue) => (issue.code === "unrecognized_keys" ? "Only role, disabled and is_verified can be changed here." : undefined) },
  )
  .refine((p) => p.role !== undefined || p.disabled !== undefined || p.is_verified !== undefined, "Say what to change: role, disabled or is_verified.");
export type UserPatch = z.infer<typeof UserPatch>;

export const AnnouncementInput = z.object({
  message: z
    .string({ error: "Write the announcement." })
    .trim()
    .min(1, "Write the announcement.")
    .max(1000, "An announcement is at most 1,000 characters."),
});

export { IdParams } from "../core/schema.ts";

/** A user as the admin directory shows them: the account as /api/auth/me has it, and more. */
export const AdminUserOut = UserOut.extend({
  disabled: z.boolean(),
  created_at: z.string(),
  last_active_at: z.string().nullable(),
  tests: z.number(),
  results: z.number(),
  files: z.number(),
  storage_bytes: z.number(),
  /** How the user signs in: "password" (when they have one) and the names of their linked school sign-in providers. */
  sign_in: z.array(z.string()),
});
export type AdminUserOut = z.infer<typeof AdminUserOut>;

export const AdminFileOut = z.object({
  id: z.number(),
  filename: z.string(),
  uploaded_at: z.string(),
  size_bytes: z.number(),
  pages: z.number(),
  owner: z.object({ id: z.number(), username: z.string(), email: z.string() }).nullable(),
});
export type AdminFileOut = z.infer<typeof AdminFileOut>;

export interface Paged<T> {
  items: T[];
  total: number;
  page: number;
  per_page: number;
}

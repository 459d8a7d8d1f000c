/** An account made by an administrator (`studyforge users create`), audited as `user.create`. */
import { withTransaction } from "../core/db.ts";
import { createAccount, newAccountPasswordHash, type CreateAccountInput, type CreatedAccount } from "../accounts/create.ts";
import { recordAudit } from "./audit.ts";
import type { AdminScope } from "./service.ts";

export async function createUser(scope: AdminScope, input: CreateAccountInput): Promise<CreatedAccount> {
  const passwordHash = await newAccountPasswordHash(input);
  return withTransaction(scope, async (tx) => {
    const created = await createAccount(tx, input, passwordHash);
    const { user } = created;
    await recordAudit(tx, scope.actor, {
      action: "user.create",
      target: { type: "user", id: user.id, label: user.email },
      details: { username: user.username, role: user.role, password: created.setPasswordLink ? "set-password link" : "given" },
    });
    return created;
  });
}

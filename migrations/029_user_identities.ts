import type { Knex } from "knex";

/**
 * School sign-in (OpenID Connect). `user_identities`: the provider accounts linked to a user, matched by
 * the issuer and the provider's subject (the ID token's `sub`, stable where an e-mail address is not).
 * `users.password_set`: false for an account created by signing in with a provider, whose password hash is
 * random and known to nobody until a reset link sets one (it may then unlink the provider). Both owned by
 * src/accounts.
 */
export async function up(db: Knex): Promise<void> {
  await db.schema.createTable("user_identities", (t) => {
    t.increments("id");
    t.integer("user_id").notNullable().references("users.id").onDelete("CASCADE");
    // The configured provider's id (OIDC_PROVIDERS), for the settings page and the admin's users table.
    t.string("provider", 20).notNullable();
    t.string("issuer", 512).notNullable();
    t.string("subject", 255).notNullable();
    // The address the provider gave when it was linked (for the user's own reference).
    t.string("email", 254).notNullable();
    t.string("linked_at").notNullable();
    t.unique(["issuer", "subject"]);
    t.unique(["user_id", "provider"]);
  });
  await db.schema.alterTable("users", (t) => {
    t.boolean("password_set").notNullable().defaultTo(true);
  });
}

export async function down(db: Knex): Promise<void> {
  await db.schema.alterTable("users", (t) => {
    t.dropColumn("password_set");
  });
  await db.schema.dropTable("user_identities");
}

import type { Command } from "commander";
import type { Role } from "../../src/accounts/directory.ts";
import type { AdminUserOut, UserPatch } from "../../src/admin/schema.ts";
import type { AdminScope } from "../../src/admin/service.ts";
import type { AppContext } from "../../src/core/context.ts";
import { confirmed, parseArgs, print, printJson, printView, UsageError, type Cli, type Register } from "../runtime.ts";

const ROLE_WORDS: Record<Role, string> = { student: "a student", teacher: "a teacher", admin: "an administrator" };
const ROLE_LIST = Object.keys(ROLE_WORDS).join(", ");

// Loaded when a command runs, so --help and --version answer at once.
const services = () => import("../../src/admin/service.ts");

/** The terminal acts as `cli` in the audit log. */
async function asCli(app: AppContext): Promise<AdminScope> {
  const { CLI_ACTOR } = await import("../../src/admin/audit.ts");
  return { ...app, actor: CLI_ACTOR };
}

async function readPassword(): Promise<string> {
  let text = "";
  for await (const chunk of process.stdin) text += chunk;
  return text.replace(/\r?\n$/, "");
}

function list(users: Command, cli: Cli) {
  users
    .command("list")
    .description("list users (all of them, or those matching --search and --role)")
    .option("-s, --search <text>", "only users whose username or e-mail contains this")
    .option("-r, --role <role>", `only users with this role (${ROLE_LIST})`)
    .option("--json", "print the users as JSON")
    .action(async (opts: { search?: string; role?: string; json?: boolean }) => {
      const [{ UsersQuery }, { listUsers }] = await Promise.all([import("../../src/admin/schema.ts"), services()]);
      const query = parseArgs(UsersQuery, { q: opts.search, role: opts.role, per_page: 100 });
      const found = await cli.withApp(async (app) => {
        const items: AdminUserOut[] = [];
        for (let page = 1; ; page++) {
          const batch = await listUsers(app, { ...query, page });
          items.push(...batch.items);
          if (items.length >= batch.total || !batch.items.length) return { items, total: batch.total };
        }
      });
      if (opts.json) printJson(found);
      else if (!found.items.length) print("No users match.");
      else await printView(async () => (await import("../views/users.ts")).UsersView, { users: found.items });
    });
}

function create(users: Command, cli: Cli) {
  users
    .command("create")
    .description("create an account; without --password-stdin it prints a one-time link to set the password")
    .requiredOption("-e, --email <email>", "the person's e-mail address")
    .requiredOption("-u, --username <name>", "their username (3-32 letters, digits, _ . -)")
    .option("-r, --role <role>", ROLE_LIST, "student")
    .option("--password-stdin", "read the password from standard input (e.g. a pipe) instead of printing a link")
    .option("--json", "print the new user (and link) as JSON")
    .action(async (opts: { email: string; username: string; role: string; passwordStdin?: boolean; json?: boolean }) => {
      const [{ CreateAccountInput }, { createUser }] = await Promise.all([import("../../src/accounts/create.ts"), import("../../src/admin/create-user.ts")]);
      const password = opts.passwordStdin ? await readPassword() : undefined;
      const input = parseArgs(CreateAccountInput, { email: opts.email, username: opts.username, role: opts.role, password });
      const { user, setPasswordLink } = await cli.withApp(async (app) => createUser(await asCli(app), input));
      if (opts.json) return printJson({ user, set_password_link: setPasswordLink });
      print(`Created ${user.email} (${user.username}, id ${user.id}) as ${ROLE_WORDS[user.role]}.`);
      if (setPasswordLink) {
        print(`Give them this link to set their password (it works once, within the hour; \`studyforge users reset-password ${user.email}\` makes a new one):`);
        print(setPasswordLink);
      }
    });
}

/** promote, demote, set-role, disable, enable, verify: one change each, audited by the service. */
function change(users: Command, cli: Cli, name: string, description: string, patch: (args: string[]) => UserPatch, said: (u: AdminUserOut) => string, extra = "") {
  users
    .command(`${name} <user>${extra}`)
    .description(`${description} (<user> is an e-mail address or an id)`)
    .option("-y, --yes", "do not ask (only delete asks)")
    .option("--json", "print the user as JSON")
    .action(async (...args: unknown[]) => {
      const command = args.at(-1) as Command;
      const [ref, ...rest] = command.processedArgs as string[];
      const changes = patch(rest);
      const { updateUser } = await services();
      const user = await cli.withApp(async (app) => updateUser(await asCli(app), ref!, changes));
      if (command.opts<{ json?: boolean }>().json) printJson(user);
      else print(said(user));
    });
}

export const usersCommand: Register = (program, cli) => {
  const users = program.command("users").description("manage accounts: list, create, change roles, disable, delete, reset passwords");
  list(users, cli);
  create(users, cli);
  change(users, cli, "promote", "make the user an administrator", () => ({ role: "admin" }), (u) => `${u.email} is now an administrator.`);
  change(users, cli, "demote", "make the user a student", () => ({ role: "student" }), (u) => `${u.email} is now a student.`);
  change(
    users,
    cli,
    "set-role",
    `give the user a role (${ROLE_LIST})`,
    ([role]) => {
      if (!role || !(role in ROLE_WORDS)) throw new UsageError(`role must be one of ${ROLE_LIST}, got "${role}"`);
      return { role: role as Role };
    },
    (u) => `${u.email} is now ${ROLE_WORDS[u.role]}.`,
    " <role>",
  );
  change(users, cli, "disable", "stop the user from logging in, and end their sessions", () => ({ disabled: true }), (u) => `${u.email} is disabled: they cannot log in, and their sessions have ended.`);
  change(users, cli, "enable", "let a disabled user log in again", () => ({ disabled: false }), (u) => `${u.email} is enabled.`);
  change(users, cli, "verify", "mark the user's e-mail address as verified", () => ({ is_verified: true }), (u) => `${u.email} is verified.`);

  users
    .command("delete <user>")
    .description("delete the user and everything they own (asks first on a terminal; needs --yes elsewhere)")
    .option("-y, --yes", "do not ask")
    .option("--json", "print the result as JSON")
    .action(async (ref: string, opts: { yes?: boolean; json?: boolean }) => {
      const { deleteUser, getUser } = await services();
      const deleted = await cli.withApp(async (app) => {
        const user = await getUser(app, ref);
        const what = `${user.email} with ${user.files} file(s), ${user.tests} test(s) and ${user.results} result(s)`;
        if (!(await confirmed(`Delete ${what}?`, opts.yes))) return null;
        await deleteUser(await asCli(app), user.id);
        return user;
      });
      if (!deleted) {
        print("Nothing was deleted.");
        process.exitCode = 1;
      } else if (opts.json) printJson({ deleted: true, user: deleted });
      else print(`Deleted ${deleted.email} and everything they owned.`);
    });

  users
    .command("reset-password <user>")
    .description("send the user a password-reset link (printed instead when mail is not configured)")
    .option("--json", "print the result as JSON")
    .action(async (ref: string, opts: { json?: boolean }) => {
      const { sendPasswordReset } = await services();
      const result = await cli.withApp(async (app) => sendPasswordReset(await asCli(app), ref));
      if (opts.json) return printJson(result);
      print(result.message);
      if (result.link) print(result.link);
    });
};

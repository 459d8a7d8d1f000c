import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../../src/core/config.ts";
import { tempDir } from "../helpers/server.ts";

const base = () => ({ DATA_DIR: tempDir() });
const google = { OIDC_ISSUER: "https://accounts.google.com", OIDC_CLIENT_ID: "123.apps.googleusercontent.com", OIDC_CLIENT_SECRET: "s3cret" };

describe("school sign-in settings", () => {
  it("has no provider and password sign-in by default", () => {
    const c = loadConfig(base());
    expect(c.oidcProviders).toEqual([]);
    expect(c.passwordLogin).toBe(true);
  });

  it("reads one provider from the four OIDC_* settings, with its domains, admins and role claim", () => {
    const c = loadConfig({ ...base(), ...google, OIDC_NAME: "Springfield High", OIDC_ALLOWED_DOMAINS: "School.example, students.school.example", OIDC_ADMIN_EMAILS: "Head@school.example", OIDC_ROLE_CLAIM: "roles" });
    expect(c.oidcProviders).toEqual([
      {
        id: "school",
        name: "Springfield High",
        issuer: "https://accounts.google.com",
        clientId: "123.apps.googleusercontent.com",
        clientSecret: "s3cret",
        allowedDomains: ["school.example", "students.school.example"],
        adminEmails: ["head@school.example"],
        roleClaim: "roles",
      },
    ]);
  });

  it("adds named providers from OIDC_PROVIDERS, each with its own OIDC_{ID}_* settings and the shared ones underneath", () => {
    const c = loadConfig({
      ...base(),
      OIDC_PROVIDERS: "google,entra",
      OIDC_ALLOWED_DOMAINS: "school.example",
      OIDC_GOOGLE_ISSUER: "https://accounts.google.com",
      OIDC_GOOGLE_CLIENT_ID: "g",
      OIDC_GOOGLE_CLIENT_SECRET: "gs",
      OIDC_GOOGLE_NAME: "Google",
      OIDC_ENTRA_ISSUER: "https://login.microsoftonline.com/0000-tenant/v2.0",
      OIDC_ENTRA_CLIENT_ID: "e",
      OIDC_ENTRA_CLIENT_SECRET: "es",
      OIDC_ENTRA_ALLOWED_DOMAINS: "staff.school.example",
    });
    expect(c.oidcProviders.map((p) => [p.id, p.name, p.allowedDomains])).toEqual([
      ["google", "Google", ["school.example"]],
      ["entra", "entra", ["staff.school.example"]],
    ]);
  });

  it.each([
    [{ ...google, OIDC_ISSUER: "http://idp.school.example" }, 'OIDC_ISSUER must be an https:// URL (http only for a provider on this machine), got "http://idp.school.example"'],
    [{ ...google, OIDC_ISSUER: "idp.school.example" }, "OIDC_ISSUER must be a URL starting with http:// or https://"],
    [{ ...google, OIDC_CLIENT_ID: "" }, "OIDC_CLIENT_ID must be set with OIDC_ISSUER"],
    [{ ...google, OIDC_CLIENT_SECRET: "" }, "OIDC_CLIENT_SECRET must be set with OIDC_ISSUER"],
    [{ ...google, OIDC_ALLOWED_DOMAINS: "school.example,@gmail" }, 'OIDC_ALLOWED_DOMAINS must be comma-separated e-mail domains (school.example,students.school.example), got "@gmail"'],
    [{ ...google, OIDC_ADMIN_EMAILS: "head" }, 'OIDC_ADMIN_EMAILS must be comma-separated e-mail addresses, got "head"'],
    [{ OIDC_PROVIDERS: "google" }, "OIDC_GOOGLE_ISSUER must be set: OIDC_PROVIDERS names \"google\""],
    [{ OIDC_PROVIDERS: "Google Workspace" }, "OIDC_PROVIDERS must be comma-separated provider ids of letters and digits"],
    [{ ...google, OIDC_PROVIDERS: "school" }, 'OIDC_PROVIDERS must name each provider once and not "school"'],
    [{ PASSWORD_LOGIN: "false" }, "PASSWORD_LOGIN must stay true unless an OpenID Connect provider is set"],
    [{ ...google, PASSWORD_LOGIN: "sometimes" }, 'PASSWORD_LOGIN must be true or false, got "sometimes"'],
  ])("refuses %o with one line naming the variable", (env, message) => {
    expect(() => loadConfig({ ...base(), ...env })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base(), ...env })).toThrow(message);
  });

  it("allows an http issuer on loopback only (a provider on this machine, as in the tests)", () => {
    expect(loadConfig({ ...base(), ...google, OIDC_ISSUER: "http://127.0.0.1:9000" }).oidcProviders[0]!.issuer).toBe("http://127.0.0.1:9000");
    expect(loadConfig({ ...base(), ...google, OIDC_ISSUER: "http://localhost:9000/realms/school" }).oidcProviders[0]!.issuer).toBe("http://localhost:9000/realms/school");
  });

  it("turns password sign-in off when a provider is set", () => {
    expect(loadConfig({ ...base(), ...google, PASSWORD_LOGIN: "false" }).passwordLogin).toBe(false);
  });
});

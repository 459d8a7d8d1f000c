import { client, type Client } from "./http.ts";

let counter = 0;

/** Signs a new student up and returns their logged-in client. */
export async function newStudent(baseUrl: string, name = "student"): Promise<{ c: Client; email: string; password: string; username: string; id: number }> {
  counter += 1;
  const username = `${name}${counter}_${process.pid}`;
  const email = `${username}@school.example`.toLowerCase();
  const password = "study-hard-123";
  const c = client(baseUrl);
  const res = await c.post("/api/auth/register", { username, email, password });
  if (res.status !== 201) throw new Error(`sign-up failed: ${res.status} ${JSON.stringify(res.body)}`);
  const me = await c.get("/api/auth/me");
  return { c, email, password, username, id: me.body.id };
}

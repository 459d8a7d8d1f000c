import { CLUSTER_URL_VAR, startCluster } from "./postgres.ts";

/**
 * Vitest global setup of the "postgres" project: one cluster for the whole run, its URL handed to the
 * workers through the environment (they start after this), removed when the run ends.
 */
export default async function setup(): Promise<() => void> {
  const cluster = await startCluster();
  process.env[CLUSTER_URL_VAR] = cluster.adminUrl;
  return () => cluster.stop();
}

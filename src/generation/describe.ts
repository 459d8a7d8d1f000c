import type { Config } from "../core/config.ts";
import { createProvider } from "./providers/index.ts";

/** Which provider and model this configuration uses, without connecting to it. */
export function describeProvider(config: Config): { name: string; model: string } {
  const provider = createProvider(config);
  return { name: provider.name, model: provider.model };
}

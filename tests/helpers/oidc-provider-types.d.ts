/**
 * oidc-provider ships no type declarations: the parts the test provider (oidc-provider.ts) uses.
 * Loose on purpose: the library validates its own configuration at construction.
 */
declare module "oidc-provider" {
  import type { IncomingMessage, ServerResponse } from "node:http";

  export type AdapterPayload = Record<string, any>;
  export interface Adapter {
    upsert(id: string, payload: AdapterPayload, expiresIn: number): Promise<void>;
    find(id: string): Promise<AdapterPayload | undefined>;
    findByUid(uid: string): Promise<AdapterPayload | undefined>;
    findByUserCode(userCode: string): Promise<AdapterPayload | undefined>;
    consume(id: string): Promise<void>;
    destroy(id: string): Promise<void>;
    revokeByGrantId(grantId: string): Promise<void>;
  }

  export interface ProviderContext {
    path: string;
    method: string;
    status: number;
    type: string;
    body: unknown;
    req: IncomingMessage;
    res: ServerResponse;
    redirect(url: string): void;
    oidc: any;
  }

  export default class Provider {
    constructor(issuer: string, configuration: Record<string, any>);
    use(fn: (ctx: ProviderContext, next: () => Promise<void>) => Promise<void>): this;
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
    interactionDetails(req: IncomingMessage, res: ServerResponse): Promise<any>;
    interactionResult(req: IncomingMessage, res: ServerResponse, result: Record<string, unknown>, opts?: { mergeWithLastSubmission?: boolean }): Promise<string>;
  }
}

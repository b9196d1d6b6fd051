// A real OpenID Connect provider (oidc-provider) in the test process, on 127.0.0.1: its own login
// page (any password), the accounts given, and one confidential client for QMO. Consent is taken
// as given, so a sign-in is the login page and back.
import Provider from "oidc-provider";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/** What the consent shortcut reads of oidc-provider's context (the package ships no types). */
type GrantContext = {
  oidc: {
    provider: {
      Grant: new (o: { clientId: string; accountId: string }) => {
        addOIDCScope(scope: string): void;
        save(): Promise<string>;
      };
    };
    client?: { clientId: string };
    session?: { accountId: string };
  };
};

export type Account = { preferred_username?: string; email?: string; name?: string };

export const CLIENT_ID = "qmo";
export const CLIENT_SECRET = "qmo-client-secret-for-tests";

export async function startProvider(
  opts: { redirectUri: string; accounts: Record<string, Account> },
) {
  let handle: (req: IncomingMessage, res: ServerResponse) => void = (_req, res) => res.end();
  const server = createServer((req, res) => handle(req, res));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const provider = new Provider(issuer, {
    clients: [{
      client_id: CLIENT_ID,
      client_secret: CLIENT_SECRET,
      redirect_uris: [opts.redirectUri],
      grant_types: ["authorization_code"],
      response_types: ["code"],
    }],
    cookies: { keys: ["test-cookie-key-0123456789"] },
    claims: {
      openid: ["sub"],
      profile: ["name", "preferred_username"],
      email: ["email", "email_verified"],
    },
    findAccount: (_ctx: unknown, id: string) => ({
      accountId: id,
      claims: () => ({
        sub: id,
        ...opts.accounts[id],
        email_verified: opts.accounts[id]?.email ? true : undefined,
      }),
    }),
    // Consent is taken as given: a grant of what was asked, made on the spot.
    loadExistingGrant: async (ctx: GrantContext) => {
      const grant = new ctx.oidc.provider.Grant({
        clientId: ctx.oidc.client!.clientId,
        accountId: ctx.oidc.session!.accountId,
      });
      grant.addOIDCScope("openid profile email");
      await grant.save();
      return grant;
    },
  });
  handle = provider.callback();
  return {
    issuer,
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

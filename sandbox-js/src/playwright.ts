// The Playwright fixture: each test gets a `sandbox` of its own, created before it and closed after it,
// on one server per run (BANKS_SANDBOX_URL, e.g. Playwright's webServer running `npx banks-sandbox serve`)
// or else one server per worker: the jar, or the image in a container (banksSandboxContainer). A failed
// test's report carries the sandbox's request journal.
import { test as base } from "@playwright/test";
import type { Sandbox } from "./sandbox.js";
import { connect, startServer, type NewSandboxOptions, type Server, type ServerOptions } from "./server.js";

export { expect } from "@playwright/test";

export interface BanksSandboxFixtures {
  /** This test's own sandbox: its bank, clock, journal; closed when the test ends. */
  sandbox: Sandbox;
  /** How this test's sandbox is made (fixtures, seed, clock, start); `test.use({ sandboxOptions: ... })`. Clock frozen by default. */
  sandboxOptions: NewSandboxOptions;
}

export interface BanksSandboxWorkerFixtures {
  /** The server the sandboxes come from: BANKS_SANDBOX_URL's, else one this worker starts. */
  banksSandboxServer: Server;
  /** How a worker's own server starts when there is no URL; `use: { serverOptions: ... }` in a config. */
  serverOptions: ServerOptions;
  /** The server's URL: BANKS_SANDBOX_URL by default; `""` has each worker start its own. */
  banksSandboxUrl: string | undefined;
  /**
   * A worker's own server in a container instead of a JVM on this machine (needs the `testcontainers`
   * package): `true` runs this version's image, a string names another; `serverOptions` reach it as its
   * variables. Off by default.
   */
  banksSandboxContainer: boolean | string;
}

export const test = base.extend<BanksSandboxFixtures, BanksSandboxWorkerFixtures>({
  serverOptions: [{}, { scope: "worker", option: true }],
  banksSandboxUrl: [undefined, { scope: "worker", option: true }],
  banksSandboxContainer: [false, { scope: "worker", option: true }],
  banksSandboxServer: [async ({ serverOptions, banksSandboxUrl, banksSandboxContainer }, use) => {
    const url = banksSandboxUrl ?? process.env.BANKS_SANDBOX_URL;
    const server = url ? await connect(url, { adminToken: serverOptions.adminToken })
      : banksSandboxContainer ? await startContainer(banksSandboxContainer, serverOptions)
      : await startServer(serverOptions);
    await use(server);
    await server.close();
  }, { scope: "worker", timeout: 180_000 }], // a JVM or a container starting on a loaded machine: longer than a test's 30 s
  sandboxOptions: [{ clock: "frozen" }, { option: true }],
  sandbox: async ({ banksSandboxServer, sandboxOptions }, use, testInfo) => {
    const sandbox = await banksSandboxServer.newSandbox({ name: testInfo.titlePath.join(" > ").slice(0, 200), ...sandboxOptions });
    try {
      await use(sandbox);
      // a failed test, also one expected to fail (test.fail()): what the bank was asked and answered
      if (testInfo.status === "failed" || testInfo.status === "timedOut") {
        const journal = await sandbox.journal.requests();
        await testInfo.attach("banks-sandbox-journal.json", {
          body: JSON.stringify(journal, null, 2),
          contentType: "application/json",
        });
      }
    } finally {
      await sandbox.close();
    }
  },
});

/** The image in a container; testcontainers is loaded only here, so a user who never asks for it needs none. */
async function startContainer(image: true | string, options: ServerOptions): Promise<Server> {
  const { BanksSandboxContainer } = await import("./testcontainers.js");
  return new BanksSandboxContainer(image === true ? undefined : image).withServerOptions(options).start();
}

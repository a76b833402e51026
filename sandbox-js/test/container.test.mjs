// banks-sandbox/testcontainers as a user gets it: the packed tarball and the testcontainers package
// installed into an empty folder (no Java runtime: a container user needs none), then scripts that start
// the image this build made under the machine's container engine (podman's Docker API here). Skipped with
// a message without an engine or an image; on CI (CI=true, where .ci/run installs podman) an engine must answer.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { after, before, test } from "node:test";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const pkg = JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8"));
const tarball = path.join(root, `banks-sandbox-${pkg.version}.tgz`);
const imageTar = path.join(root, "..", "sandbox-standalone", "target", "banks-sandbox-image.tar");
// the engine as docs/testcontainers.md sets it up on a machine like this one, unless the caller's says otherwise
const engine = {
  DOCKER_HOST: process.env.DOCKER_HOST ?? "unix:///run/podman/podman.sock",
  TESTCONTAINERS_RYUK_DISABLED: process.env.TESTCONTAINERS_RYUK_DISABLED ?? "true",
  TESTCONTAINERS_HOST_OVERRIDE: process.env.TESTCONTAINERS_HOST_OVERRIDE ?? "127.0.0.1",
};
Object.assign(process.env, engine);
const IMAGE = `banks-sandbox:${pkg.version}`;

const socket = engine.DOCKER_HOST.startsWith("unix://") ? engine.DOCKER_HOST.slice("unix://".length) : undefined;
// a build that made no image (or no package) has nothing to run; an engine that does not answer is a
// failure only on CI, where .ci/run starts one
const absent = !fs.existsSync(imageTar) ? `no image at ${imageTar} (the standalone module builds it)`
  : !fs.existsSync(tarball) ? `no ${path.basename(tarball)} (npm run pack:all)` : undefined;
const missing = absent ?? (socket && !fs.existsSync(socket) ? `no container engine at ${engine.DOCKER_HOST}` : undefined);
const required = !absent && process.env.CI === "true" && fs.existsSync("/usr/bin/podman");
if (missing && !required) console.error(`container tests skipped: ${missing}`);
const skip = missing && !required ? missing : false;

let app;
let env;
before(async () => {
  if (skip) return;
  assert.equal(missing, undefined, `the container tests must run on CI: ${missing}`);
  await loadImage();
  app = fs.mkdtempSync(path.join(os.tmpdir(), "banks-sandbox-containers-"));
  fs.writeFileSync(path.join(app, "package.json"), JSON.stringify({ name: "frontend-app", private: true, type: "module" }));
  // testcontainers and Playwright at the versions this build's npm ci put in the cache; no bundled Java
  const install = spawnSync("npm", ["install", "--prefer-offline", "--no-audit", "--no-fund", "--omit=optional", tarball,
    `testcontainers@${pkg.devDependencies.testcontainers}`, `@playwright/test@${pkg.devDependencies["@playwright/test"]}`],
  { cwd: app, encoding: "utf8", timeout: 300_000 });
  assert.equal(install.status, 0, install.stderr);
  env = { ...process.env, ...engine, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: "1" };
});
after(() => app && fs.rmSync(app, { recursive: true, force: true }));

/** This build's image, loaded into the engine over whatever it holds under the tag (the engine may be shared). */
async function loadImage() {
  const { getContainerRuntimeClient } = await import("testcontainers");
  const docker = (await getContainerRuntimeClient()).container.dockerode;
  const progress = await docker.loadImage(fs.createReadStream(imageTar));
  await new Promise((resolve, reject) => docker.modem.followProgress(progress, (error) => (error ? reject(error) : resolve())));
  assert.ok(await docker.getImage(IMAGE).inspect(), `${imageTar} loaded, and still no ${IMAGE}`);
}

function run(file, script, timeout = 240_000) {
  fs.writeFileSync(path.join(app, file), script);
  const result = spawnSync(process.execPath, [file], { cwd: app, env, encoding: "utf8", timeout });
  assert.equal(result.status, 0, `${file}:\n${result.stdout}\n${result.stderr}`);
  return result.stdout;
}

test("start() answers the server startServer() answers: sandboxes on demand through the one port, every section, close() stops it",
  { skip }, async () => {
    const out = JSON.parse(run("sandboxes.mjs", `
      import { BanksSandboxContainer } from "banks-sandbox/testcontainers";
      import { Server } from "banks-sandbox";
      const server = await new BanksSandboxContainer().withClock("frozen").withStart("2026-05-04T09:00:00Z").withSeed(7)
        .withAdminToken("control-secret").start();
      const [a, b] = await Promise.all([server.newSandbox(), server.newSandbox()]);
      const account = await a.accounts.named("Riverside Operating");
      await a.inboundAch.simulate(account.id, 125_00);
      await a.clock.advance("PT1H");
      const app = await fetch(a.baseUrl + "/v0/accounts/" + account.id, { headers: { Authorization: "Bearer " + a.apiKey } });
      const host = await server.host();
      const out = {
        isServer: server instanceof Server, url: server.url, a: a.baseUrl, b: b.baseUrl,
        aMoved: (await a.accounts.get(account.id)).total_balance - account.total_balance,
        bMoved: (await b.accounts.get(account.id)).total_balance - account.total_balance,
        appStatus: app.status, appBalance: (await app.json()).total_balance - account.total_balance,
        aNow: await a.clock.now(), bNow: await b.clock.now(), hostNow: await host.clock.now(),
        seed: (await b.exportState()).sequence.seed,
        journal: (await a.journal.requests({ method: "GET", path: "/v0/accounts/*" })).length,
        id: server.container.getId(),
        // the token reached the server: its control API wants it (the handles send it)
        withoutToken: (await fetch(server.url + "/_sandbox/clock")).status,
      };
      await a.close();
      out.closed = (await fetch(a.baseUrl + "/_sandbox/health", { headers: { Authorization: "Bearer control-secret" } })).status;
      await b.close();
      await server.close();
      console.log(JSON.stringify(out));`));
    assert.equal(out.isServer, true);
    assert.match(out.url, /^http:\/\/127\.0\.0\.1:\d+$/);
    assert.ok(out.a.startsWith(`${out.url}/sandboxes/sandbox_`), out.a);
    assert.ok(out.b.startsWith(`${out.url}/sandboxes/sandbox_`) && out.b !== out.a, out.b);
    assert.deepEqual([out.aMoved, out.bMoved, out.appStatus, out.appBalance, out.journal], [125_00, 0, 200, 125_00, 1]);
    assert.deepEqual([out.aNow, out.bNow, out.hostNow].map(Date.parse),
      ["2026-05-04T10:00:00Z", "2026-05-04T09:00:00Z", "2026-05-04T09:00:00Z"].map(Date.parse));
    assert.equal(out.seed, 7);
    assert.equal(out.closed, 404);
    assert.equal(out.withoutToken, 401);
    const { getContainerRuntimeClient } = await import("testcontainers");
    const docker = (await getContainerRuntimeClient()).container.dockerode;
    await assert.rejects(docker.getContainer(out.id).inspect(), "close() removed the container");
  });

test("a container that does not start rejects with its log", { skip }, () => {
  const out = run("broken.mjs", `
    import { BanksSandboxContainer } from "banks-sandbox/testcontainers";
    try {
      await new BanksSandboxContainer().withFixtures("no-such-fixture-set").start();
      console.log("started");
    } catch (error) {
      console.log(error.message);
    }`);
  assert.match(out, /the Banks Sandbox container did not start/);
  assert.match(out, /its log:\n[\s\S]*no-such-fixture-set/);
  // seen as the exit it is, not as a health wait that ran out (two minutes later)
  assert.match(out, /the container exited with code 1 before/);
});

/** The runnable examples of docs/testcontainers.md: its ```js blocks that start with `// example:`. */
function docExamples() {
  const page = fs.readFileSync(path.join(root, "..", "docs", "testcontainers.md"), "utf8");
  return [...page.matchAll(/```js\n(\/\/ example:[^\n]*\n[\s\S]*?)```/g)].map((found) => found[1]);
}

test("docs/testcontainers.md: the Node example runs as written", { skip }, () => {
  const [example] = docExamples();
  assert.deepEqual(run("example.mjs", example).trim().split("\n"), ["accepted", "404", "true"]);
});

test("the Playwright fixture runs its server in a container (banksSandboxContainer), a sandbox per test: the page's config", { skip }, () => {
  const [, config] = docExamples();
  assert.match(config, /banksSandboxContainer: true/);
  fs.writeFileSync(path.join(app, "playwright.config.mjs"), config);
  fs.mkdirSync(path.join(app, "specs"), { recursive: true });
  fs.writeFileSync(path.join(app, "specs", "bank.spec.mjs"), `
    import { test, expect } from "banks-sandbox/playwright";
    for (const amount of [100_00, 200_00]) {
      test("a credit of " + amount + " in a bank of its own", async ({ sandbox, banksSandboxServer }) => {
        expect(sandbox.baseUrl.startsWith(banksSandboxServer.url + "/sandboxes/")).toBe(true);
        expect(banksSandboxServer.pid).toBeUndefined();
        const account = await sandbox.accounts.named("Riverside Operating");
        // the other test's advance and credit are not here: this bank starts where the host's clock stands
        expect(await sandbox.clock.now()).toBe(await (await banksSandboxServer.host()).clock.now());
        const credit = await sandbox.inboundAch.simulate(account.id, amount);
        const fixture = await (await banksSandboxServer.host()).inboundAch.of(account.id);
        expect(await sandbox.inboundAch.of(account.id)).toHaveLength(fixture.length + 1);
        await sandbox.clock.advance("PT1H");
        expect((await sandbox.inboundAch.get(credit.id)).status).toBe("accepted");
      });
    }`);
  const result = spawnSync(process.execPath, [path.join(app, "node_modules", "@playwright", "test", "cli.js"), "test",
    "--config", "playwright.config.mjs", "--reporter", "line"], { cwd: app, env, encoding: "utf8", timeout: 300_000 });
  assert.equal(result.status, 0, `${result.stdout}\n${result.stderr}`);
  assert.match(result.stdout, /2 passed/);
});

test("withServerOptions: startServer's options as the image's variables; a local one is refused by name", async () => {
  const { BanksSandboxContainer } = await import("../dist/testcontainers.js");
  const bank = new BanksSandboxContainer("banks-sandbox:any").withServerOptions({
    port: 0, clock: "frozen", seed: 7, corsOrigins: ["http://localhost:3000", "http://app.test"], webhooks: ["inbox"],
    sandboxIdleTimeout: "PT5M", verbose: false,
  });
  // the variables the testcontainers container will be created with
  assert.deepEqual(bank.container.environment, {
    BANKS_SANDBOX_CLOCK: "frozen", BANKS_SANDBOX_SEED: "7", BANKS_SANDBOX_CORS_ORIGINS: "http://localhost:3000,http://app.test",
    BANKS_SANDBOX_WEBHOOK: "inbox", BANKS_SANDBOX_SANDBOX_IDLE_TIMEOUT: "PT5M",
  });
  assert.throws(() => new BanksSandboxContainer().withServerOptions({ port: 8080, stateFile: "state.json" }),
    /port, stateFile: options of a server on this machine/);
});

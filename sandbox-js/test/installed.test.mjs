// What a frontend developer gets: the packed tarballs installed into an empty folder with npm, then
// `npx banks-sandbox` and the client run with no JDK anywhere (no java on the PATH, no JAVA_HOME):
// the bundled runtime runs the jar, with the class-data archive made at build time.
import assert from "node:assert/strict";
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { after, before, test } from "node:test";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const pkg = JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8"));
const tarball = path.join(root, `banks-sandbox-${pkg.version}.tgz`);
const runtimeTarball = path.join(root, `banks-sandbox-runtime-linux-x64-${pkg.version}.tgz`);
const linuxX64 = process.platform === "linux" && process.arch === "x64";

let app;
let bin;
let env;
before(() => {
  app = fs.mkdtempSync(path.join(os.tmpdir(), "banks-sandbox-app-"));
  fs.writeFileSync(path.join(app, "package.json"), JSON.stringify({ name: "frontend-app", private: true, type: "module" }));
  // the registry is asked for nothing the npm cache does not have (openapi-fetch, from this build's npm ci)
  const install = spawnSync("npm", ["install", "--prefer-offline", "--no-audit", "--no-fund", tarball, runtimeTarball],
    { cwd: app, encoding: "utf8", timeout: 300_000 });
  assert.equal(install.status, 0, install.stderr);
  // a PATH with node, npm, npx and sh (npx runs bins with it), and no java: /usr/bin, where they live, also has java
  bin = path.join(app, "bin");
  fs.mkdirSync(bin);
  const npx = fs.realpathSync(spawnSync("sh", ["-c", "command -v npx"], { encoding: "utf8" }).stdout.trim());
  fs.symlinkSync(process.execPath, path.join(bin, "node"));
  fs.symlinkSync(npx, path.join(bin, "npx"));
  fs.symlinkSync(fs.realpathSync(spawnSync("sh", ["-c", "command -v npm"], { encoding: "utf8" }).stdout.trim()), path.join(bin, "npm"));
  fs.symlinkSync("/bin/sh", path.join(bin, "sh"));
  env = { PATH: bin, HOME: process.env.HOME ?? os.tmpdir(), npm_config_cache: process.env.npm_config_cache ?? "" };
  if (!env.npm_config_cache) delete env.npm_config_cache;
  assert.notEqual(spawnSync("/bin/sh", ["-c", "command -v java"], { env, encoding: "utf8" }).status, 0, "java must not be on the PATH");
});
after(() => fs.rmSync(app, { recursive: true, force: true }));

test("the packed banks-sandbox holds the jar and the compiled client, nothing of the build", { skip: !fs.existsSync(tarball) }, () => {
  const listing = spawnSync("tar", ["tzf", tarball], { encoding: "utf8" }).stdout.split("\n").filter(Boolean).sort();
  assert.ok(listing.includes("package/lib/banks-sandbox.jar"));
  for (const file of ["index.js", "index.d.ts", "api.d.ts", "cli.js", "playwright.js", "playwright.d.ts"]) {
    assert.ok(listing.includes(`package/dist/${file}`), file);
  }
  assert.deepEqual(listing.filter((file) => !/^package\/(dist\/|lib\/banks-sandbox\.jar$|package\.json$|README\.md$|docs\/[a-z-]+\.md$)/.test(file)), []);
  // the README's links, which npmjs.com shows as they are: absolute, to pages this very version holds
  const links = [...fs.readFileSync(path.join(root, "README.md"), "utf8").matchAll(/\]\(([^)]+)\)/g)].map((found) => found[1]);
  assert.ok(links.length >= 4, "the README links to its docs");
  for (const link of links) {
    const page = new RegExp(`^https://cdn\\.jsdelivr\\.net/npm/banks-sandbox@${pkg.version.replace(/\./g, "\\.")}/(docs/[a-z-]+\\.md)$`).exec(link);
    assert.ok(page, `${link}: an absolute link to a page of banks-sandbox@${pkg.version}`);
    assert.ok(listing.includes(`package/${page[1]}`), `${page[1]} is in the package`);
  }
  const manifest = JSON.parse(fs.readFileSync(path.join(app, "node_modules", "banks-sandbox", "package.json"), "utf8"));
  assert.deepEqual(manifest.optionalDependencies, { "@banks-sandbox/runtime-linux-x64": pkg.version });
  assert.equal(manifest.devDependencies, undefined);
});

test("npx banks-sandbox serve runs on the bundled runtime with its class-data archive, no JDK around", { skip: !linuxX64 }, async () => {
  const serve = spawn("npx", ["banks-sandbox", "serve", "--port", "0", "--clock", "frozen"], { cwd: app, env, stdio: ["pipe", "pipe", "pipe"] });
  let jvm;
  try {
    const url = await listening(serve);
    const accounts = await fetch(`${url}/v0/accounts`, { headers: { Authorization: "Bearer lm_key_sandbox_all" } });
    assert.equal(accounts.status, 200);
    assert.ok((await accounts.json()).data.length > 0);
    jvm = javaChildOf(serve.pid);
    assert.match(fs.realpathSync(`/proc/${jvm}/exe`), /node_modules\/@banks-sandbox\/runtime-linux-x64\/runtime\/bin\/java$/);
    // the archive is mapped: the JVM took it, so the jar's path and time matched what the build recorded
    assert.match(fs.readFileSync(`/proc/${jvm}/maps`, "utf8"), /runtime\/lib\/banks-sandbox\.jsa/);
  } finally {
    serve.kill("SIGTERM");
    await new Promise((resolve) => serve.once("exit", resolve));
    serve.stdout.destroy();
    serve.stderr.destroy();
  }
  // npx passes no SIGTERM on; the launcher below it sees npx gone and stops the JVM
  assert.ok(await gone(jvm, 30_000), `the JVM ${jvm} outlived npx`);
});

test("the client installed beside it starts a server and scripts a sandbox without a JDK", { skip: !linuxX64 }, () => {
  const script = `
    import { startServer } from "banks-sandbox";
    const server = await startServer({ clock: "frozen" });
    const sandbox = await server.newSandbox();
    const account = await sandbox.accounts.named("Riverside Operating");
    await sandbox.inboundAch.simulate(account.id, 125_00);
    await sandbox.clock.advance("PT1H");
    const after = await sandbox.accounts.get(account.id);
    console.log(JSON.stringify({ before: account.total_balance, after: after.total_balance }));
    await sandbox.close();
    await server.close();`;
  fs.writeFileSync(path.join(app, "script.mjs"), script);
  const run = spawnSync(path.join(bin, "node"), ["script.mjs"], { cwd: app, env, encoding: "utf8", timeout: 120_000 });
  assert.equal(run.status, 0, run.stderr);
  const { before, after } = JSON.parse(run.stdout);
  assert.ok(after - before >= 125_00, run.stdout);
});

test("docs/javascript.md: the backend-in-front-of-the-bank example is the e2e suite's own files, which the build runs", () => {
  const page = fs.readFileSync(path.join(root, "..", "docs", "javascript.md"), "utf8");
  for (const file of ["e2e/bff.spec.ts", "e2e/bff/app.mjs"]) {
    const text = fs.readFileSync(path.join(root, file), "utf8").trim();
    assert.ok(page.includes("\n" + text + "\n```"), `docs/javascript.md shows ${file} as it is`);
  }
});

/** The docs' runnable examples: the ```js blocks of docs/javascript.md that start with `// example:`. */
function docExamples() {
  const page = fs.readFileSync(path.join(root, "..", "docs", "javascript.md"), "utf8");
  return [...page.matchAll(/```js\n(\/\/ example:[^\n]*\n[\s\S]*?)```/g)].map((found) => found[1]);
}

test("docs/javascript.md: the client example runs as written, without a JDK", { skip: !linuxX64 }, () => {
  const [client] = docExamples();
  fs.writeFileSync(path.join(app, "client-example.mjs"), client);
  const run = spawnSync(path.join(bin, "node"), ["client-example.mjs"], { cwd: app, env, encoding: "utf8", timeout: 120_000 });
  assert.equal(run.status, 0, run.stderr);
  assert.deepEqual(run.stdout.trim().split("\n"), ["true", "true", "true", "1", "true 400"]);
});

test("docs/javascript.md: the Cypress config's tasks work as Cypress calls them", { skip: !linuxX64 }, () => {
  const [, cypress] = docExamples();
  fs.writeFileSync(path.join(app, "cypress.config.mjs"), cypress);
  // what Cypress does with it: setupNodeEvents(on, config), then cy.task(name, argument) calls
  fs.writeFileSync(path.join(app, "cypress-run.mjs"), `
    import config from "./cypress.config.mjs";
    const handlers = {};
    const on = (event, handler) => { handlers[event] = handler; };
    await config.e2e.setupNodeEvents(on, {});
    const sandbox = await handlers.task["sandbox:new"]();
    await handlers.task["sandbox:credit"]({ id: sandbox.id, account: "Riverside Operating", amount: 125_00 });
    const moved = await handlers.task["sandbox:advance"]({ id: sandbox.id, by: "PT1H" });
    console.log(moved.events.filter((e) => e.type === "inbound_ach_transfer.accepted").length > 0);
    console.log(await handlers.task["sandbox:close"](sandbox.id));
    await handlers["after:run"]();`);
  const run = spawnSync(path.join(bin, "node"), ["cypress-run.mjs"], { cwd: app, env, encoding: "utf8", timeout: 120_000 });
  assert.equal(run.status, 0, run.stderr);
  assert.deepEqual(run.stdout.trim().split("\n"), ["true", "null"]);
});

function listening(child) {
  return new Promise((resolve, reject) => {
    let output = "";
    const read = (chunk) => {
      output += chunk;
      const found = /Banks Sandbox listening on (http:\/\/\S+)/.exec(output);
      if (found) resolve(found[1]);
    };
    child.stdout.on("data", read);
    child.stderr.on("data", read);
    child.on("exit", (code) => reject(new Error(`exited ${code} before listening:\n${output}`)));
  });
}

/** Whether process `pid` ends within `ms` (polled; a process that outlives it is the failure). */
async function gone(pid, ms) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    try {
      if (/\) Z /.test(fs.readFileSync(`/proc/${pid}/stat`, "utf8"))) return true; // a zombie has ended
    } catch {
      return true;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return false;
}

/** The JVM that npx started, somewhere below it. */
function javaChildOf(pid) {
  const children = (parent) => fs.readdirSync("/proc").filter((p) => /^\d+$/.test(p)).filter((p) => {
    try {
      return fs.readFileSync(`/proc/${p}/stat`, "utf8").split(") ")[1].split(" ")[1] === String(parent);
    } catch {
      return false;
    }
  });
  const queue = [String(pid)];
  while (queue.length > 0) {
    const current = queue.shift();
    try {
      if (fs.realpathSync(`/proc/${current}/exe`).endsWith("/bin/java")) return current;
    } catch {
      // gone, or not ours to read
    }
    queue.push(...children(current));
  }
  assert.fail(`no java process below ${pid}`);
}

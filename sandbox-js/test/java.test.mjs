// The CLI's Java lookup, run as users run it: the bundled runtime is not installed in this folder, so
// BANKS_SANDBOX_JAVA, JAVA_HOME and the PATH decide; without a Java 17 it is one line and exit 1.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";

const cli = fileURLToPath(new URL("../dist/cli.js", import.meta.url));
/** A PATH with node and nothing else: no java on it. */
const nodeOnly = fs.mkdtempSync(path.join(os.tmpdir(), "banks-sandbox-node-"));
fs.symlinkSync(process.execPath, path.join(nodeOnly, "node"));

function banksSandbox(env, ...args) {
  return spawnSync(process.execPath, [cli, ...args], { env: { PATH: nodeOnly, ...env }, encoding: "utf8", timeout: 60_000 });
}

/** A fake Java home whose java claims `version`, with the release file a real JDK has. */
function fakeJavaHome(version) {
  const home = fs.mkdtempSync(path.join(os.tmpdir(), `banks-sandbox-java${version}-`));
  fs.mkdirSync(path.join(home, "bin"));
  fs.writeFileSync(path.join(home, "release"), `JAVA_VERSION="${version}"\n`);
  fs.writeFileSync(path.join(home, "bin", "java"), `#!/bin/sh\necho 'openjdk version "${version}"' >&2\nexit 0\n`, { mode: 0o755 });
  return home;
}

test("without any Java it exits 1 with one line naming Java 17 and how to get one", () => {
  const run = banksSandbox({}, "serve", "--port", "0");
  assert.equal(run.status, 1);
  assert.equal(run.stdout, "");
  const lines = run.stderr.trim().split("\n");
  assert.equal(lines.length, 1, run.stderr);
  assert.match(lines[0], /needs Java 17 or later and found none/);
  assert.match(lines[0], /apt-get install openjdk-17-jre-headless/);
  assert.match(lines[0], /BANKS_SANDBOX_JAVA/);
  assert.doesNotMatch(run.stderr, /\bat .*\.js:\d+/); // no stack trace
});

test("a JAVA_HOME older than 17 is named in one line, exit 1", () => {
  const home = fakeJavaHome("11.0.22");
  const run = banksSandbox({ JAVA_HOME: home }, "--version");
  assert.equal(run.status, 1);
  assert.equal(run.stderr.trim().split("\n").length, 1, run.stderr);
  assert.match(run.stderr, new RegExp(`needs Java 17 or later; JAVA_HOME has Java 11 \\(${home}/bin/java\\)`));
});

test("Java 8's version string is read as Java 8", () => {
  const home = fakeJavaHome("1.8.0_392");
  const run = banksSandbox({ BANKS_SANDBOX_JAVA: path.join(home, "bin", "java") }, "--version");
  assert.equal(run.status, 1);
  assert.match(run.stderr, /BANKS_SANDBOX_JAVA has Java 8 /);
});

test("BANKS_SANDBOX_JAVA comes before JAVA_HOME, and a Java home is taken for its java", () => {
  const old = fakeJavaHome("11.0.22");
  const real = path.dirname(path.dirname(fs.realpathSync(javaOnThisMachine())));
  const run = banksSandbox({ BANKS_SANDBOX_JAVA: real, JAVA_HOME: old }, "--version");
  assert.equal(run.status, 0, run.stderr);
  assert.match(run.stdout, /^banks-sandbox \d+\.\d+\.\d+/);
});

test("JAVA_HOME comes before the PATH", () => {
  const old = fakeJavaHome("11.0.22");
  const real = path.dirname(fs.realpathSync(javaOnThisMachine()));
  const run = spawnSync(process.execPath, [cli, "--version"], { env: { PATH: `${nodeOnly}:${real}`, JAVA_HOME: old }, encoding: "utf8" });
  assert.equal(run.status, 1);
  assert.match(run.stderr, /JAVA_HOME has Java 11/);
});

test("the jar's own command line and output: an unknown option is its one line and exit 2", () => {
  const run = banksSandbox({ BANKS_SANDBOX_JAVA: javaOnThisMachine() }, "serve", "--no-such-option");
  assert.equal(run.status, 2);
  assert.match(run.stderr, /^banks-sandbox: /);
});

function javaOnThisMachine() {
  const home = process.env.BUILD_JAVA ? path.dirname(path.dirname(process.env.BUILD_JAVA)) : process.env.JAVA_HOME;
  if (home) return path.join(home, "bin", "java");
  const found = spawnSync("sh", ["-c", "command -v java"], { encoding: "utf8" }).stdout.trim();
  assert.ok(found, "the build's tests need a java: BUILD_JAVA, JAVA_HOME or the PATH");
  return found;
}

// A test runner that dies leaves no JVM: startServer's JVM runs with --stop-on-stdin-close, and its
// standard input is a pipe from the runner, which the kernel closes when the runner is killed.
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import fs from "node:fs";
import { test } from "node:test";
import { fileURLToPath } from "node:url";

const runner = `
  import { startServer } from "banks-sandbox";
  const server = await startServer();
  await (await server.newSandbox()).clock.now();
  console.log("jvm " + server.pid);
  setInterval(() => {}, 1000); // a runner busy with its tests`;

test("a runner killed by SIGKILL leaves no JVM behind", async () => {
  const child = spawn(process.execPath, ["--input-type=module", "-e", runner], { stdio: ["ignore", "pipe", "inherit"] });
  const jvm = await new Promise((resolve, reject) => {
    let output = "";
    child.stdout.on("data", (chunk) => {
      output += chunk;
      const found = /jvm (\d+)/.exec(output);
      if (found) resolve(Number(found[1]));
    });
    child.on("exit", (code) => reject(new Error(`the runner exited (${code}) first: ${output}`)));
  });
  assert.ok(alive(jvm), "the JVM runs while the runner does");
  child.kill("SIGKILL");
  const deadline = Date.now() + 30_000;
  while (alive(jvm) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
  assert.ok(!alive(jvm), `JVM ${jvm} outlived its killed runner`);
});

test("a runner that ends without close() stops its JVM on exit", async () => {
  const script = `
    import { startServer } from "banks-sandbox";
    const server = await startServer();
    console.log("jvm " + server.pid);`; // and nothing keeps the process: it exits
  const child = spawn(process.execPath, ["--input-type=module", "-e", script], { stdio: ["ignore", "pipe", "inherit"] });
  let output = "";
  child.stdout.on("data", (chunk) => (output += chunk));
  const code = await new Promise((resolve) => child.on("exit", resolve));
  assert.equal(code, 0);
  const jvm = Number(/jvm (\d+)/.exec(output)[1]);
  const deadline = Date.now() + 30_000;
  while (alive(jvm) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
  assert.ok(!alive(jvm), `JVM ${jvm} outlived the process that started it`);
});

test("Playwright's webServer killed with its runner: `banks-sandbox serve --stop-on-stdin-close` leaves no JVM", async () => {
  // what Playwright does with a webServer command: a shell in a process group of its own (so killing the
  // runner does not reach it), its standard input a pipe from the runner
  const cli = fileURLToPath(new URL("../dist/cli.js", import.meta.url));
  const webServer = `
    import { spawn } from "node:child_process";
    const server = spawn("/bin/sh", ["-c", ${JSON.stringify(`"${process.execPath}" "${cli}" serve --port 0 --stop-on-stdin-close`)}],
      { detached: true, stdio: ["pipe", "pipe", "inherit"] });
    server.stdout.on("data", (chunk) => process.stdout.write(chunk));
    setInterval(() => {}, 1000);`;
  const runner = spawn(process.execPath, ["--input-type=module", "-e", webServer], { stdio: ["ignore", "pipe", "inherit"] });
  const url = await new Promise((resolve, reject) => {
    let output = "";
    runner.stdout.on("data", (chunk) => {
      output += chunk;
      const found = /listening on (http:\/\/\S+)/.exec(output);
      if (found) resolve(found[1]);
    });
    runner.on("exit", (code) => reject(new Error(`the runner exited (${code}) first: ${output}`)));
  });
  assert.equal((await fetch(`${url}/_sandbox/health`)).status, 200);
  runner.kill("SIGKILL");
  const deadline = Date.now() + 30_000;
  let answering = true;
  while (answering && Date.now() < deadline) {
    answering = await fetch(`${url}/_sandbox/health`).then(() => true, () => false);
    if (answering) await new Promise((resolve) => setTimeout(resolve, 100));
  }
  assert.ok(!answering, `the server at ${url} outlived its killed runner`);
});

function alive(pid) {
  try {
    return !/\) Z /.test(fs.readFileSync(`/proc/${pid}/stat`, "utf8")); // a zombie has ended
  } catch {
    return false;
  }
}

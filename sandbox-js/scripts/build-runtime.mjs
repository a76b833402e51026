// `npm run runtime`: the package @banks-sandbox/runtime-linux-x64's Java runtime, made from the build's
// JDK: jlink with only the modules the jar needs (jdeps), stripped and compressed, plus a class-data
// archive of the jar's classes recorded by a training run now, so a user's first start needs none.
// Linux x64 only (the package is for that platform); elsewhere it says so and does nothing.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { withJar } from "./jar-process.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
if (process.platform !== "linux" || process.arch !== "x64") {
  console.error(`runtime-linux-x64: skipped on ${process.platform}-${process.arch}`);
  process.exit(0);
}
const java = process.env.BUILD_JAVA ?? (process.env.JAVA_HOME ? path.join(process.env.JAVA_HOME, "bin", "java") : "java");
const jdkBin = path.dirname(fs.realpathSync(java.includes(path.sep) ? java : which(java)));
const jar = path.join(root, "lib", "banks-sandbox.jar");
const runtime = path.join(root, "runtime-linux-x64", "runtime");

const started = Date.now();
// npm run build found them with jdeps, beside the type generation; without that build, jdeps runs now
const found = path.join(root, "target", "runtime-modules.txt");
const jdeps = fs.existsSync(found)
  ? fs.readFileSync(found, "utf8")
  : run(path.join(jdkBin, "jdeps"), ["--print-module-deps", "--ignore-missing-deps", "--multi-release", "17", jar]);
// jdeps sees what the classes name; jdk.crypto.ec is what an https webhook receiver's TLS needs on top
const modules = [...new Set([...jdeps.trim().split(","), "jdk.crypto.ec"])].sort();
fs.rmSync(runtime, { recursive: true, force: true });
run(path.join(jdkBin, "jlink"), ["--add-modules", modules.join(","), "--strip-debug", "--no-man-pages", "--no-header-files",
  "--compress=2", "--generate-cds-archive", "--output", runtime]);
// not needed by the jar: the archive for heaps over 32 GiB, and the JDK's tools
fs.rmSync(path.join(runtime, "lib", "server", "classes_nocoops.jsa"), { force: true });
for (const tool of fs.readdirSync(path.join(runtime, "bin"))) if (tool !== "java") fs.rmSync(path.join(runtime, "bin", tool));
// npm packs no symbolic links: the legal notices jlink links between modules become files
for (const dir of fs.readdirSync(path.join(runtime, "legal"))) {
  for (const name of fs.readdirSync(path.join(runtime, "legal", dir))) {
    const file = path.join(runtime, "legal", dir, name);
    if (fs.lstatSync(file).isSymbolicLink()) {
      const text = fs.readFileSync(file);
      fs.rmSync(file);
      fs.writeFileSync(file, text);
    }
  }
}

// The training run, as the launcher runs the jar (src/java.ts): the archive names the jar as
// /proc/self/fd/3/lib/banks-sandbox.jar, fd 3 being the banks-sandbox package's folder.
const archive = path.join(runtime, "lib", "banks-sandbox.jsa");
const folder = fs.openSync(root, "r");
await withJar({
  java: path.join(runtime, "bin", "java"),
  jar: "/proc/self/fd/3/lib/banks-sandbox.jar",
  fds: [folder],
  args: [`-XX:ArchiveClassesAtExit=${archive}`, "-Xlog:cds=off", "-Xlog:cds+dynamic=off", "-XX:TieredStopAtLevel=1"],
}, train);
fs.closeSync(folder);
if (!fs.existsSync(archive)) throw new Error("the training run wrote no class-data archive");
const stat = fs.statSync(jar);
fs.writeFileSync(path.join(runtime, "banks-sandbox-cds.json"),
  JSON.stringify({ jarSize: stat.size, jarTime: stat.mtimeMs, modules }, null, 2) + "\n");
console.error(`runtime-linux-x64: ${modules.join(",")} in ${((Date.now() - started) / 1000).toFixed(1)} s`);

/** What a first session does: health, a /v0 read and a create, control moves, a new sandbox, the document. */
async function train(url) {
  const auth = { Authorization: "Bearer lm_key_sandbox_all" };
  const json = { ...auth, "Content-Type": "application/json" };
  const call = async (method, pathname, body, headers = json) => {
    const response = await fetch(url + pathname, { method, headers, body: body && JSON.stringify(body) });
    await response.arrayBuffer();
    return response;
  };
  await call("GET", "/_sandbox/health");
  const accounts = await (await fetch(`${url}/v0/accounts?limit=5`, { headers: auth })).json();
  const account = accounts.data[0].id;
  await call("GET", `/v0/accounts/${account}`, undefined, auth);
  await call("GET", "/v0/cards/card_0000006ffif7l9i19ra5", undefined, auth);
  await call("POST", "/v0/cards", { bank_account_id: account, nickname: "Training" }, { ...json, "Idempotency-Key": "training-0001" });
  await call("POST", "/_sandbox/inbound-ach-transfers", { account_id: account, amount: 12500 });
  await call("POST", "/_sandbox/clock/advance", { by: "PT1H" });
  await call("GET", "/_sandbox/requests");
  await call("GET", "/_sandbox/openapi.json");
  await call("POST", "/_sandbox/reset");
}

function run(command, args) {
  const result = spawnSync(command, args, { encoding: "utf8", maxBuffer: 64 << 20 });
  if (result.status !== 0) throw new Error(`${command} ${args.join(" ")} failed:\n${result.stderr}${result.stdout}`);
  return result.stdout;
}

function which(name) {
  for (const dir of (process.env.PATH ?? "").split(path.delimiter)) {
    const candidate = path.join(dir, name);
    if (fs.existsSync(candidate)) return candidate;
  }
  throw new Error(`${name} is not on the PATH`);
}

// `npm run runtime`: the package @banks-sandbox/runtime-linux-x64's Java runtime. The runtime itself (jlink
// of the build's JDK with only the modules the jar needs, stripped and compressed, with the JDK's class-data
// archive) is sandbox-standalone's, made once by its build for this package and the container image
// (target/runtime, target/runtime.json); here it is copied and given a class-data archive of the jar's
// classes recorded by a training run now, for the jar where this package keeps it, so a user's first start
// needs none. Linux x64 only (the package is for that platform); elsewhere it says so and does nothing.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { withJar } from "./jar-process.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
if (process.platform !== "linux" || process.arch !== "x64") {
  console.error(`runtime-linux-x64: skipped on ${process.platform}-${process.arch}`);
  process.exit(0);
}
const jar = path.join(root, "lib", "banks-sandbox.jar");
const runtime = path.join(root, "runtime-linux-x64", "runtime");
const built = path.resolve(root, "..", "sandbox-standalone", "target", "runtime");
if (!fs.existsSync(path.join(built, "bin", "java"))) {
  throw new Error(`no runtime in ${built}: build sandbox-standalone first (mvn -B package -pl sandbox-js -am)`);
}
const { modules } = JSON.parse(fs.readFileSync(`${built}.json`, "utf8"));

const started = Date.now();
fs.rmSync(runtime, { recursive: true, force: true });
fs.cpSync(built, runtime, { recursive: true, preserveTimestamps: true });

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

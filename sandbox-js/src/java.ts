// Finding a Java for the jar, and the command that runs it. Order: the bundled runtime
// (@banks-sandbox/runtime-linux-x64), BANKS_SANDBOX_JAVA, JAVA_HOME, the PATH. The first one found is
// used; one older than 17 is an error naming it, never a silent fall-through to the next.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";

const REQUIRED = 17;
const HOW_TO_GET =
  "install a JDK or JRE 17+ (apt-get install openjdk-17-jre-headless, brew install openjdk@17, or https://adoptium.net) "
  + "or point BANKS_SANDBOX_JAVA at its java; on Linux x64 the optional package @banks-sandbox/runtime-linux-x64 brings its own";

/** A Java that cannot run the jar: none at all, or one older than 17. Its message is one line. */
export class JavaNotFoundError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "JavaNotFoundError";
  }
}

export interface FoundJava {
  /** The java executable. */
  java: string;
  /** Where it came from: "bundled runtime", "BANKS_SANDBOX_JAVA", "JAVA_HOME" or "PATH". */
  source: string;
  /** The bundled runtime's class-data archive and what it was made from, when that runtime is used. */
  archive?: { file: string; jarSize: number; jarTime: number };
}

/** The package's own folder (it holds lib/banks-sandbox.jar): dist/.. both in the repository and installed. */
export const packageDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** The jar this package runs (BANKS_SANDBOX_JAR names another). */
export function jarPath(env: NodeJS.ProcessEnv = process.env): string {
  return env.BANKS_SANDBOX_JAR ?? path.join(packageDir, "lib", "banks-sandbox.jar");
}

export function findJava(env: NodeJS.ProcessEnv = process.env): FoundJava {
  const bundled = bundledRuntime();
  if (bundled) return bundled;
  const candidates: Array<[string, string | undefined]> = [
    ["BANKS_SANDBOX_JAVA", env.BANKS_SANDBOX_JAVA && javaIn(env.BANKS_SANDBOX_JAVA)],
    ["JAVA_HOME", env.JAVA_HOME && path.join(env.JAVA_HOME, "bin", executable("java"))],
    ["PATH", onPath(env.PATH ?? "")],
  ];
  for (const [source, java] of candidates) {
    if (!java) continue;
    const version = javaVersion(java);
    if (version === undefined) {
      throw new JavaNotFoundError(`banks-sandbox needs Java ${REQUIRED} or later; ${source} names ${java}, which does not run: ${HOW_TO_GET}`);
    }
    if (version < REQUIRED) {
      throw new JavaNotFoundError(`banks-sandbox needs Java ${REQUIRED} or later; ${source} has Java ${version} (${java}): ${HOW_TO_GET}`);
    }
    return { java, source };
  }
  throw new JavaNotFoundError(`banks-sandbox needs Java ${REQUIRED} or later and found none (bundled runtime, BANKS_SANDBOX_JAVA, JAVA_HOME, PATH): ${HOW_TO_GET}`);
}

function bundledRuntime(): FoundJava | undefined {
  let dir: string;
  try {
    dir = path.dirname(createRequire(import.meta.url).resolve("@banks-sandbox/runtime-linux-x64/package.json"));
  } catch {
    return undefined; // not installed: another platform, or --omit=optional
  }
  const java = path.join(dir, "runtime", "bin", "java");
  if (!fs.existsSync(java)) return undefined;
  const found: FoundJava = { java, source: "bundled runtime" };
  try {
    const made = JSON.parse(fs.readFileSync(path.join(dir, "runtime", "banks-sandbox-cds.json"), "utf8"));
    found.archive = { file: path.join(dir, "runtime", "lib", "banks-sandbox.jsa"), jarSize: made.jarSize, jarTime: made.jarTime };
  } catch {
    // a runtime without its archive still runs the jar, only slower to start
  }
  return found;
}

/** BANKS_SANDBOX_JAVA may name the java executable or a Java home. */
function javaIn(named: string): string {
  return fs.existsSync(named) && fs.statSync(named).isDirectory() ? path.join(named, "bin", executable("java")) : named;
}

function executable(name: string): string {
  return process.platform === "win32" ? `${name}.exe` : name;
}

function onPath(searchPath: string): string | undefined {
  for (const dir of searchPath.split(path.delimiter)) {
    if (!dir) continue;
    const candidate = path.join(dir, executable("java"));
    try {
      fs.accessSync(candidate, fs.constants.X_OK);
      if (fs.statSync(candidate).isFile()) return candidate;
    } catch {
      // not here
    }
  }
  return undefined;
}

/**
 * The feature version (17, 21 ...) of a java: from its home's `release` file when there is one (no JVM
 * started), else from `java -version`. undefined when it cannot be run.
 */
export function javaVersion(java: string): number | undefined {
  try {
    const home = path.dirname(path.dirname(fs.realpathSync(java)));
    const release = fs.readFileSync(path.join(home, "release"), "utf8");
    const found = /^JAVA_VERSION="([^"]+)"/m.exec(release);
    if (found) return feature(found[1]);
  } catch {
    // no release file: ask the JVM
  }
  const run = spawnSync(java, ["-version"], { encoding: "utf8", timeout: 30_000 });
  if (run.error || run.status !== 0) return undefined;
  const found = /version "([^"]+)"/.exec(run.stderr);
  return found ? feature(found[1]) : undefined;
}

function feature(version: string): number {
  const parts = version.split(/[.+-]/).map(Number);
  return parts[0] === 1 ? parts[1] : parts[0]; // "1.8.0_392" is Java 8
}

export interface JavaLaunch {
  command: string;
  args: string[];
  /** Extra file descriptors the child gets from fd 3 on (the package folder, for the archive's jar path). */
  fds: number[];
  /** Closes what the parent opened for the child, once it has started. */
  release(): void;
}

/**
 * The command that runs the jar with `args`. On the bundled runtime, with its class-data archive: that
 * archive names the jar by a path that is the same on every machine, /proc/self/fd/3/lib/banks-sandbox.jar
 * (fd 3 is this package's folder, handed to the child), and by its size and modification time. npm stamps
 * installed files with the install time, so the build's time is put back on the jar first; where it
 * cannot be (a read-only install), the JVM starts without the archive, only slower.
 */
export function javaLaunch(found: FoundJava, args: string[], env: NodeJS.ProcessEnv = process.env): JavaLaunch {
  const jar = jarPath(env);
  const options = (env.BANKS_SANDBOX_JAVA_OPTS ?? "").split(/\s+/).filter(Boolean);
  // C1 only: no C2 compiler threads competing with the start on a small machine (start time over peak throughput)
  const flags = ["-XX:TieredStopAtLevel=1"];
  if (found.archive && process.platform === "linux" && archiveFits(found.archive, jar)) {
    const dir = fs.openSync(path.dirname(path.dirname(jar)), "r");
    return {
      command: found.java,
      args: [`-XX:SharedArchiveFile=${found.archive.file}`, "-Xshare:auto", "-Xlog:cds=off", "-Xlog:cds+dynamic=off",
        ...flags, ...options, "-jar", `/proc/self/fd/3/${path.basename(path.dirname(jar))}/${path.basename(jar)}`, ...args],
      fds: [dir],
      release: () => fs.closeSync(dir),
    };
  }
  return { command: found.java, args: [...flags, ...options, "-jar", jar, ...args], fds: [], release: () => {} };
}

function archiveFits(archive: NonNullable<FoundJava["archive"]>, jar: string): boolean {
  try {
    const stat = fs.statSync(jar);
    if (!fs.existsSync(archive.file) || stat.size !== archive.jarSize) return false;
    if (stat.mtimeMs !== archive.jarTime) {
      const time = new Date(archive.jarTime);
      fs.utimesSync(jar, time, time);
    }
    return true;
  } catch {
    return false;
  }
}

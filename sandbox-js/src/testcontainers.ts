// banks-sandbox/testcontainers: the Banks Sandbox image run by the testcontainers package, answered as the
// same Server startServer() answers, so `url`, newSandbox() and every section work unchanged. The
// testcontainers package is an optional peer dependency: only this entry point imports it.
import { createRequire } from "node:module";
import type { Readable } from "node:stream";
import { GenericContainer, getContainerRuntimeClient, type StartedTestContainer, type WaitStrategy } from "testcontainers";
import { Server, serveOptions, type ServerOptions } from "./server.js";

/** The port the image serves on, inside the container. */
export const PORT = 8080;
/** The image of this version of the package: `banks-sandbox:<version>`. */
export const IMAGE = `banks-sandbox:${(createRequire(import.meta.url)("../package.json") as { version: string }).version}`;

/** As much of a failed container's log as an error message should carry. */
const KEPT_LOG_CHARS = 32_768;

/**
 * The Banks Sandbox image as a container, configured like the Java module's `BanksSandboxContainer`.
 * `start()` resolves to the same `Server` as `startServer()`; its `close()` stops the container.
 *
 * It wraps a testcontainers `GenericContainer` (`container`, for any other setting: a network, a name)
 * rather than extending it, because a `GenericContainer`'s `start()` must resolve to a started container
 * and this one resolves to the server.
 */
export class BanksSandboxContainer {
  /** The testcontainers container underneath, for settings this class has no method for. */
  readonly container: GenericContainer;
  readonly #environment: Record<string, string> = {};
  readonly #health = new HealthWait();

  /** `image`: another image or tag of it; by default this package's version, `banks-sandbox:<version>`. */
  constructor(image: string = IMAGE) {
    this.container = new GenericContainer(image)
      .withExposedPorts(PORT)
      .withWaitStrategy(this.#health)
      .withStartupTimeout(120_000); // room for a JVM starting on a loaded two-core CI machine
  }

  /** The fixture set: a name of the image's (`default`) or a directory inside the container. */
  withFixtures(fixtures: string): this {
    return this.withEnvironment({ BANKS_SANDBOX_FIXTURES: fixtures });
  }

  /** `frozen`: the clock moves only when advanced; `running` (the image's default): with the wall clock too. */
  withClock(mode: "frozen" | "running"): this {
    return this.withEnvironment({ BANKS_SANDBOX_CLOCK: mode });
  }

  /** Where the clock starts, ISO 8601 (else the fixture set's time). */
  withStart(start: string): this {
    return this.withEnvironment({ BANKS_SANDBOX_START: start });
  }

  /** The seed of the ids and numbers the sandbox makes. */
  withSeed(seed: number): this {
    return this.withEnvironment({ BANKS_SANDBOX_SEED: String(seed) });
  }

  /** Require this token on the control API; the server's sandboxes send it. */
  withAdminToken(token: string): this {
    return this.withEnvironment({ BANKS_SANDBOX_ADMIN_TOKEN: token });
  }

  /** Any `serve` option as its variable, `BANKS_SANDBOX_<OPTION>` (`BANKS_SANDBOX_MAX_SANDBOXES: "64"`). */
  withEnvironment(environment: Record<string, string>): this {
    Object.assign(this.#environment, environment);
    this.container.withEnvironment(environment);
    return this;
  }

  /**
   * `startServer`'s options, as the image takes them: each as its `BANKS_SANDBOX_*` variable. The ones
   * that name this machine (`port`, `host`, `stateFile`, `env`, `args`) have no meaning for a container
   * and are refused; `output` and `timeout` are the launcher's and are ignored.
   */
  withServerOptions(options: ServerOptions): this {
    const local = (["port", "host", "stateFile", "env", "args"] as const)
      .filter((name) => options[name] !== undefined && !(name === "port" && options.port === 0));
    if (local.length > 0) {
      throw new Error(`${local.join(", ")}: options of a server on this machine; a container serves on its own port ${PORT}`
        + " (withEnvironment for anything else)");
    }
    for (const [name, value] of serveOptions(options)) {
      this.withEnvironment({ [`BANKS_SANDBOX_${name.toUpperCase().replaceAll("-", "_")}`]: value });
    }
    return this;
  }

  /**
   * Starts the container and resolves once `/_sandbox/health` answers, to the server at the container's
   * published port. A container that exits or never answers rejects with its log in the message.
   */
  async start(): Promise<StartedBanksSandboxContainer> {
    let log = "";
    const adminToken = this.#environment.BANKS_SANDBOX_ADMIN_TOKEN;
    // the control API, health included, wants the token
    this.#health.adminToken = adminToken;
    this.container.withLogConsumer((stream: Readable) => {
      stream.on("data", (chunk: Buffer | string) => {
        log = (log + chunk.toString()).slice(-KEPT_LOG_CHARS);
      });
    });
    let started: StartedTestContainer;
    try {
      started = await this.container.start();
    } catch (error) {
      // an exited container's log as the engine holds it is whole; the followed one may lag behind
      const kept = this.#health.exitLog ?? log;
      throw new Error(`the Banks Sandbox container did not start: ${(error as Error).message}; its log:\n${kept.trim() || "(empty)"}`,
        { cause: error });
    }
    return new StartedBanksSandboxContainer(started, adminToken);
  }
}

/** The server of a started container: `url` at its published port; `close()` stops the container. */
export class StartedBanksSandboxContainer extends Server {
  /** The started testcontainers container (its logs, its name, exec). */
  readonly container: StartedTestContainer;

  /** @internal made by BanksSandboxContainer.start */
  constructor(container: StartedTestContainer, adminToken?: string) {
    let stopped: Promise<unknown> | undefined;
    super(`http://${container.getHost()}:${container.getMappedPort(PORT)}`, async () => {
      stopped ??= container.stop();
      await stopped;
    }, undefined, adminToken);
    this.container = container;
  }
}

/** The parts of a dockerode container the health wait uses. */
interface EngineContainer {
  inspect(): Promise<{ State: { Status: string; ExitCode: number } }>;
  logs(options: { stdout: boolean; stderr: boolean; follow: false }): Promise<Buffer>;
}

/**
 * Waits until `/_sandbox/health` answers 200, and gives up as soon as the container has exited (a bad
 * option, a missing fixture set), where a wait on the port alone kept the caller for the whole start
 * timeout. The testcontainers package's own `abortOnContainerExit` reads the exited container's log with
 * `follow`, which podman's Docker API never ends: the start then neither resolves nor rejects.
 */
class HealthWait implements WaitStrategy {
  adminToken?: string;
  /** The exited container's log, read before testcontainers removes it. */
  exitLog?: string;
  #timeoutMs = 60_000;
  #timeoutSet = false;

  withStartupTimeout(startupTimeoutMs: number): this {
    this.#timeoutMs = startupTimeoutMs;
    this.#timeoutSet = true;
    return this;
  }

  isStartupTimeoutSet(): boolean {
    return this.#timeoutSet;
  }

  getStartupTimeout(): number {
    return this.#timeoutMs;
  }

  async waitUntilReady(container: EngineContainer, boundPorts: { getBinding(port: number): number }): Promise<void> {
    this.exitLog = undefined;
    const host = (await getContainerRuntimeClient()).info.containerRuntime.host;
    const health = `http://${host}:${boundPorts.getBinding(PORT)}/_sandbox/health`;
    const headers: Record<string, string> = this.adminToken === undefined ? {} : { Authorization: `Bearer ${this.adminToken}` };
    const deadline = Date.now() + this.#timeoutMs;
    for (;;) {
      const state = await container.inspect().then((info) => info.State, () => undefined); // a failed inspect proves nothing
      if (state?.Status === "exited" || state?.Status === "dead") {
        this.exitLog = demux(await container.logs({ stdout: true, stderr: true, follow: false }).catch(() => Buffer.alloc(0)));
        throw new Error(`the container exited with code ${state.ExitCode} before ${health} answered`);
      }
      const status = await fetch(health, { headers, signal: AbortSignal.timeout(5_000) })
        .then(async (answer) => { await answer.body?.cancel(); return answer.status; }, () => 0);
      if (status === 200) return;
      if (Date.now() > deadline) throw new Error(`${health} did not answer 200 within ${this.#timeoutMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
}

/** A container's log as the Docker API sends it without a TTY: frames of an 8-byte header (stream, size) and text. */
function demux(raw: Buffer): string {
  let text = "";
  for (let at = 0; at + 8 <= raw.length; at += 8 + raw.readUInt32BE(at + 4)) {
    text += raw.subarray(at + 8, at + 8 + raw.readUInt32BE(at + 4)).toString("utf8");
  }
  return text;
}

// banks-sandbox/testcontainers: the Banks Sandbox image run by the testcontainers package, answered as the
// same Server startServer() answers, so `url`, newSandbox() and every section work unchanged. The
// testcontainers package is an optional peer dependency: only this entry point imports it.
import { createRequire } from "node:module";
import type { Readable } from "node:stream";
import { GenericContainer, Wait, type StartedTestContainer } from "testcontainers";
import { Server, type ServerOptions } from "./server.js";

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

  /** `image`: another image or tag of it; by default this package's version, `banks-sandbox:<version>`. */
  constructor(image: string = IMAGE) {
    this.container = new GenericContainer(image)
      .withExposedPorts(PORT)
      .withWaitStrategy(Wait.forHttp("/_sandbox/health", PORT).forStatusCode(200))
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
    const variables: Record<string, string | number | boolean | string[] | undefined> = {
      FIXTURES: options.fixtures, CLOCK: options.clock, START: options.start, SEED: options.seed,
      ADMIN_TOKEN: options.adminToken, CORS_ORIGINS: options.corsOrigins, RATE_LIMIT: options.rateLimit,
      RATE_LIMIT_WINDOW: options.rateLimitWindow, WEBHOOK: options.webhooks, MAX_SANDBOXES: options.maxSandboxes,
      SANDBOX_IDLE_TIMEOUT: options.sandboxIdleTimeout, VERBOSE: options.verbose || undefined,
    };
    for (const [name, value] of Object.entries(variables)) {
      if (value !== undefined) this.withEnvironment({ [`BANKS_SANDBOX_${name}`]: Array.isArray(value) ? value.join(",") : String(value) });
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
    if (adminToken !== undefined) {
      // the control API, health included, wants the token
      this.container.withWaitStrategy(Wait.forHttp("/_sandbox/health", PORT).forStatusCode(200)
        .withHeaders({ Authorization: `Bearer ${adminToken}` }));
    }
    this.container.withLogConsumer((stream: Readable) => {
      stream.on("data", (chunk: Buffer | string) => {
        log = (log + chunk.toString()).slice(-KEPT_LOG_CHARS);
      });
    });
    let started: StartedTestContainer;
    try {
      started = await this.container.start();
    } catch (error) {
      throw new Error(`the Banks Sandbox container did not start: ${(error as Error).message}; its log:\n${log.trim() || "(empty)"}`,
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

// A Banks Sandbox server: started here (the jar as a child process) or one already running (connect).
// Its host sandbox lives as long as the process; newSandbox starts isolated ones in the same JVM.
import { spawn, type ChildProcess } from "node:child_process";
import { answer, clients, type Api, type Schemas } from "./http.js";
import { findJava, javaLaunch } from "./java.js";
import { Sandbox } from "./sandbox.js";

/** The jar's `serve` options, as startServer takes them. */
export interface ServerOptions {
  /** 0 (the default here) picks a free port. */
  port?: number;
  host?: string;
  /** A shipped fixture set's name (`default`) or a directory. */
  fixtures?: string;
  /** `running` (the jar's default) follows the wall clock; `frozen` moves only when advanced. */
  clock?: "frozen" | "running";
  /** The clock's start, ISO 8601. */
  start?: string;
  seed?: number;
  stateFile?: string;
  adminToken?: string;
  corsOrigins?: string[];
  /** Requests per API key in one window; past it, 429 with Retry-After. Off by default. */
  rateLimit?: number;
  /** ISO 8601: the rate limit's window per key (default `PT1M`; `PT1S` for a quick retry test). */
  rateLimitWindow?: string;
  /** Webhook receivers given at start (`inbox`: the sandbox's own). */
  webhooks?: string[];
  maxSandboxes?: number;
  /** ISO 8601: an on-demand sandbox idle that long is closed. */
  sandboxIdleTimeout?: string;
  verbose?: boolean;
  /** Any other arguments for `serve`, as the command line takes them. */
  args?: string[];
  /** Where the jar's output goes once it listens: dropped (the default), or this process's stderr. */
  output?: "ignore" | "stderr";
  /** The environment the Java lookup and the JVM see (BANKS_SANDBOX_JAVA, JAVA_HOME, PATH ...). */
  env?: NodeJS.ProcessEnv;
  /** How long to wait for the listening line, in milliseconds (default 60,000). */
  timeout?: number;
}

/** Options of POST /_sandbox/sandboxes: fixtures, seed, clock, start, name; each defaults to the host's. */
export type NewSandboxOptions = Schemas["NewSandboxRequest"];

export class Server {
  /** The host sandbox's base URL, `http://127.0.0.1:PORT`. */
  readonly url: string;
  /** The JVM's process id, when this process started it. */
  readonly pid: number | undefined;
  readonly #control: Api;
  readonly #adminToken: string | undefined;
  readonly #stop: () => Promise<void>;

  /** @internal made by startServer and connect */
  constructor(url: string, stop: () => Promise<void>, pid?: number, adminToken?: string) {
    this.url = url.replace(/\/+$/, "");
    this.pid = pid;
    this.#adminToken = adminToken;
    this.#control = clients(this.url, adminToken).control;
    this.#stop = stop;
  }

  /**
   * A new sandbox in the same process, isolated from every other: its own state, clock, journal, keys, faults
   * and webhooks, at `url` + `/sandboxes/{id}` (its `baseUrl`), through the port this server is reached at.
   */
  async newSandbox(options: NewSandboxOptions = {}): Promise<Sandbox> {
    const created = await answer(this.#control.POST("/_sandbox/sandboxes", { body: options }));
    return this.#handle(created);
  }

  /** The sandbox the process started with (at `url`); it cannot be closed on its own. */
  async host(): Promise<Sandbox> {
    const { data } = await answer(this.#control.GET("/_sandbox/sandboxes"));
    const host = data.find((sandbox) => sandbox.host) ?? data[0];
    return this.#handle(host);
  }

  /** Stops the JVM when this process started it; for a server reached with connect, does nothing. */
  close(): Promise<void> {
    return this.#stop();
  }

  #handle(described: Schemas["OnDemandSandbox"]): Sandbox {
    const close = async () => {
      await answer(this.#control.DELETE("/_sandbox/sandboxes/{sandbox_id}", { params: { path: { sandbox_id: described.id } } }));
    };
    return new Sandbox(described, close, this.#adminToken);
  }
}

/** A server already running (Playwright's webServer, a shared dev server): checks it answers. */
export async function connect(url: string, options: { adminToken?: string } = {}): Promise<Server> {
  const server = new Server(url, async () => {}, undefined, options.adminToken);
  try {
    await answer(clients(server.url, options.adminToken).control.GET("/_sandbox/health"));
  } catch (error) {
    throw new Error(`no Banks Sandbox answers at ${url}: ${(error as Error).message}`, { cause: error });
  }
  return server;
}

/**
 * Starts the jar (`serve --stop-on-stdin-close`) and resolves once it listens. The JVM stops on close(),
 * when this process exits, and, as its standard input closes with this process, when this process dies.
 */
export async function startServer(options: ServerOptions = {}): Promise<Server> {
  const env = options.env ?? process.env;
  const launch = javaLaunch(findJava(env), ["serve", ...serveArguments(options), "--stop-on-stdin-close"], env);
  const child = spawn(launch.command, launch.args, { stdio: ["pipe", "pipe", "pipe", ...launch.fds], env });
  launch.release();
  const url = await listening(child, options.timeout ?? 60_000);
  if (options.output === "stderr") {
    child.stdout!.pipe(process.stderr);
    child.stderr!.pipe(process.stderr);
  } else {
    child.stdout!.resume();
    child.stderr!.resume();
  }
  const stopOnExit = () => child.kill("SIGTERM");
  process.on("exit", stopOnExit);
  // nothing here keeps this process alive: when it is done, it exits and the JVM goes with it
  child.unref();
  for (const stream of [child.stdin, child.stdout, child.stderr]) (stream as unknown as { unref?: () => void }).unref?.();
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const stop = async () => {
    process.off("exit", stopOnExit);
    if (child.exitCode === null && child.signalCode === null) {
      child.kill("SIGTERM");
      const killer = setTimeout(() => child.kill("SIGKILL"), 10_000);
      await exited;
      clearTimeout(killer);
    }
  };
  return new Server(url, stop, child.pid, options.adminToken);
}

function serveArguments(options: ServerOptions): string[] {
  const args = ["--port", String(options.port ?? 0)];
  if (options.host !== undefined) args.push("--host", options.host);
  if (options.stateFile !== undefined) args.push("--state-file", options.stateFile);
  for (const [name, value] of serveOptions(options)) args.push(...(name === "verbose" ? ["--verbose"] : [`--${name}`, value]));
  return [...args, ...(options.args ?? [])];
}

/**
 * The `serve` options given in `options` that mean the same wherever the server runs, by long name
 * without `--` (`rate-limit-window`), each value as the command line takes it (lists joined by commas;
 * `verbose` "true", a flag): startServer's arguments and a container's `BANKS_SANDBOX_*` variables are
 * both made from this one list. `port`, `host`, `stateFile` and `args` name this machine and are not in it.
 */
export function serveOptions(options: ServerOptions): [name: string, value: string][] {
  const given: [string, string | number | boolean | string[] | undefined][] = [
    ["fixtures", options.fixtures], ["clock", options.clock], ["start", options.start], ["seed", options.seed],
    ["admin-token", options.adminToken], ["cors-origins", options.corsOrigins], ["rate-limit", options.rateLimit],
    ["rate-limit-window", options.rateLimitWindow], ["webhook", options.webhooks?.length ? options.webhooks : undefined],
    ["max-sandboxes", options.maxSandboxes], ["sandbox-idle-timeout", options.sandboxIdleTimeout],
    ["verbose", options.verbose || undefined],
  ];
  return given.filter((option): option is [string, string | number | boolean | string[]] => option[1] !== undefined)
    .map(([name, value]) => [name, Array.isArray(value) ? value.join(",") : String(value)]);
}

/** The URL of the jar's first line, `Banks Sandbox listening on http://HOST:PORT`. */
function listening(child: ChildProcess, timeout: number): Promise<string> {
  return new Promise((resolve, reject) => {
    let output = "";
    const fail = (why: string) => {
      cleanup();
      child.kill("SIGKILL");
      reject(new Error(`${why}${output.trim() ? `:\n${output.trim()}` : ""}`));
    };
    const read = (chunk: Buffer) => {
      output += chunk;
      const found = /Banks Sandbox listening on (http:\/\/\S+)/.exec(output);
      if (found) {
        cleanup();
        resolve(found[1]);
      }
    };
    const onExit = (code: number | null, signal: string | null) => fail(`the sandbox exited (${signal ?? code}) before it listened`);
    const onError = (error: Error) => fail(`cannot run Java: ${error.message}`);
    const timer = setTimeout(() => fail(`the sandbox did not listen within ${timeout} ms`), timeout);
    const cleanup = () => {
      clearTimeout(timer);
      child.stdout!.off("data", read);
      child.stderr!.off("data", read);
      child.off("exit", onExit);
      child.off("error", onError);
    };
    child.stdout!.on("data", read);
    child.stderr!.on("data", read);
    child.on("exit", onExit);
    child.on("error", onError);
  });
}

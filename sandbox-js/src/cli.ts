#!/usr/bin/env node
// `npx banks-sandbox [serve] [options]`: the jar's own command line, with its options and its output,
// on the Java found by findJava. The one thing added: a missing or too old Java is one line and exit 1.
import { spawn } from "node:child_process";
import { findJava, javaLaunch, JavaNotFoundError } from "./java.js";

let launch;
try {
  launch = javaLaunch(findJava(), process.argv.slice(2));
} catch (error) {
  if (error instanceof JavaNotFoundError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}
const child = spawn(launch.command, launch.args, { stdio: ["inherit", "inherit", "inherit", ...launch.fds] });
launch.release();
// Ctrl-C reaches the JVM from the terminal; a signal sent to this process alone (a tool stopping its
// child, kill PID) is passed on, so the JVM stops cleanly through its shutdown hook either way
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) {
  process.on(signal, () => child.kill(signal));
}
// npx does not pass a SIGTERM on to its bin, so `kill <npx>` would leave this process and its JVM behind:
// when whoever started this process is gone (it is re-parented), the JVM is stopped too
const parent = process.ppid;
setInterval(() => {
  if (process.ppid !== parent) child.kill("SIGTERM");
}, 500).unref();
child.on("error", (error) => {
  console.error(`banks-sandbox: cannot run ${launch.command}: ${error.message}`);
  process.exit(1);
});
child.on("exit", (code, signal) => {
  process.exitCode = code ?? (signal ? 128 + (signalNumbers[signal] ?? 1) : 1);
});

const signalNumbers: Record<string, number> = { SIGHUP: 1, SIGINT: 2, SIGKILL: 9, SIGTERM: 15 };

// Starts the built jar on a free port for the build's own uses (the OpenAPI document, the class-data
// training run) and stops it: the listening line is the jar's readiness signal, as startServer reads it.
import { spawn } from "node:child_process";

export async function withJar({ java, args = [], jar, fds = [], env = process.env }, use) {
  const child = spawn(java, [...args, "-jar", jar, "serve", "--port", "0", "--clock", "frozen"], {
    stdio: ["ignore", "pipe", "pipe", ...fds],
    env,
  });
  let output = "";
  const url = await new Promise((resolve, reject) => {
    const read = (chunk) => {
      output += chunk;
      const found = /Banks Sandbox listening on (http:\/\/\S+)/.exec(output);
      if (found) resolve(found[1]);
    };
    child.stdout.on("data", read);
    child.stderr.on("data", (chunk) => (output += chunk));
    child.on("exit", (code) => reject(new Error(`the jar exited (${code}) before listening:\n${output}`)));
  });
  try {
    return await use(url);
  } finally {
    const exited = new Promise((resolve) => child.on("exit", resolve));
    child.kill("SIGTERM");
    await exited;
  }
}

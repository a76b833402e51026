// Serves the page on localhost (the sandbox allows localhost origins by default), as a dev server would.
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { fileURLToPath } from "node:url";

const dir = path.dirname(fileURLToPath(import.meta.url));
const types = { ".html": "text/html; charset=utf-8", ".js": "text/javascript; charset=utf-8" };
http.createServer((request, response) => {
  const name = new URL(request.url, "http://localhost").pathname.replace(/^\/$/, "/index.html");
  const file = path.join(dir, path.basename(name));
  if (!types[path.extname(file)] || !fs.existsSync(file)) {
    response.writeHead(404).end();
    return;
  }
  response.writeHead(200, { "Content-Type": types[path.extname(file)] }).end(fs.readFileSync(file));
}).listen(Number(process.argv[2]), "127.0.0.1");

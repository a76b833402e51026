// banks-sandbox: the Banks Sandbox for JavaScript. startServer / connect give a Server; its
// newSandbox gives each test an isolated bank; the Sandbox's sections script it as the Java handle does.
export { startServer, connect, Server, type ServerOptions, type NewSandboxOptions } from "./server.js";
export {
  Sandbox, Clock, Entities, Accounts, Transactions, Cards, InboundAch, InsurancePayments, Eras, Lockbox,
  CheckDeposits, ExternalAccounts, AchTransfers, Webhooks, Faults, Journal, type ApiKey, type SandboxDescription,
} from "./sandbox.js";
export { SandboxError, type Schemas } from "./http.js";
export { JavaNotFoundError } from "./java.js";

-- POST /v0/cards with full validation and idempotency: every request carries a fresh
-- Idempotency-Key (a replay would skip the work and flatter the figure).
-- Usage: wrk ... -s post-card.lua URL -- RUN_ID
dofile(debug.getinfo(1, "S").source:sub(2):match("(.*/)") .. "report.lua")

local threads = {}
local counter = 0
local run = "run"
local prefix = ""

function setup(thread)
  thread:set("thread_id", #threads + 1)
  table.insert(threads, thread)
end

function init(args)
  run = args[1] or tostring(os.time())
  prefix = "bench-" .. run .. "-" .. tostring(thread_id) .. "-"
end

wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
wrk.body = '{"bank_account_id":"account_0000000ptmhjx1gxm2mi","nickname":"Bench",'
    .. '"authorization_controls":{"usage":{"category":"multi_use","multi_use":'
    .. '{"spending_limits":[{"interval":"per_day","amount":100000}]}}}}'

function request()
  counter = counter + 1
  wrk.headers["Idempotency-Key"] = prefix .. counter
  return wrk.format()
end

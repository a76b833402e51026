// The user's tests ran in containers, none skipped (@Testcontainers(disabledWithoutDocker = true) would skip
// them quietly on a machine without an engine), all green.
def log = new File(basedir, 'build.log').text
def totals = (log =~ /(?m)Tests run: (\d+), Failures: (\d+), Errors: (\d+), Skipped: (\d+)\s*$/).collect { it }
assert !totals.isEmpty() : "no test totals in the user's build log"
def (all, run, failures, errors, skipped) = totals.last()
assert run as int >= 5 : "only ${run} tests ran"
assert skipped as int == 0 : "${skipped} of the user's tests were skipped: did the engine answer?"
return true

// The user's build log holds the test JVM's console: by default one line per sandbox, and nothing
// from the libraries under it (this project has no SLF4J provider, as many users' projects do not).
def log = new File(basedir, 'build.log').text
def noise = ['SLF4J(W)', 'SLF4J:', 'io.xlate.edi', 'INFO: Unused', 'Javalin', 'org.eclipse.jetty', 'Unknown keyword']
def found = noise.findAll { log.contains(it) }
assert found.isEmpty() : "library output in the user's test run: ${found}"
def sandboxLines = log.readLines().findAll { it ==~ /Banks Sandbox \S+ on http:\/\/127\.0\.0\.1:\d+ \(fixtures .*/ }
assert !sandboxLines.isEmpty() : "no 'Banks Sandbox ... on http://127.0.0.1:PORT' line in the user's test run"
return true

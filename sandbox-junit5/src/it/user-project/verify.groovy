// The user's build log holds the test JVM's console: by default one line per sandbox, and nothing
// from the libraries under it (this project has no SLF4J provider, as many users' projects do not).
// (Maven's own lines, such as the downloads of Jetty's jars into the isolated repository, are not the run's)
def log = new File(basedir, 'build.log').readLines().findAll { !(it ==~ /^\[(INFO|WARNING|ERROR|DEBUG)\] .*/) }.join('\n')
def noise = ['SLF4J(W)', 'SLF4J:', 'io.xlate.edi', 'INFO: Unused', 'Javalin', 'org.eclipse.jetty', 'Unknown keyword']
def found = noise.findAll { log.contains(it) }
assert found.isEmpty() : "library output in the user's test run: ${found}"
def sandboxLines = log.readLines().findAll { it ==~ /Banks Sandbox \S+ on http:\/\/127\.0\.0\.1:\d+ \(fixtures .*/ }
assert !sandboxLines.isEmpty() : "no 'Banks Sandbox ... on http://127.0.0.1:PORT' line in the user's test run"
return true

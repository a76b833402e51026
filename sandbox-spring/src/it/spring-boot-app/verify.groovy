// Jetty announces every context it starts or stops at INFO, and Spring Boot's logging shows INFO:
// the sandboxes of this run must not add such lines (the sandbox's one console line is all a start
// prints). The JVM's one server still announces itself once, from its start thread.
def lines = new File(basedir, 'build.log').readLines()
def perSandbox = lines.findAll {
    it.contains('oeje10s.ServletContextHandler@') && it.contains('{ROOT,') && !it.contains('dbox-http-start')
}
assert perSandbox.isEmpty(): "Jetty logged a line per sandbox:\n" + perSandbox.take(3).join('\n')
def started = lines.count { it.contains('Banks Sandbox ') && it.contains(' on http://127.0.0.1:') }
assert started > 0: 'no sandbox started in this run'

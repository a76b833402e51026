// The build log holds each test JVM's console, under Spring Boot's logging (Logback) at INFO.
def lines = new File(basedir, 'build.log').readLines()

// A sandbox adds no Jetty line: neither the JVM's server for sandboxes starting (its thread is
// banks-sandbox-http-start, shown cut to its last 15 characters) nor a sandbox's connector starting
// or stopping ("Started sandbox-3@..."). The application's own Jetty (-Pjetty) still logs its own.
def jetty = lines.findAll {
    it =~ /(Started|Stopped) (sandbox-\d+|warm-up)@/ || (it.contains('[dbox-http-start]') && it.contains('jetty'))
}
assert jetty.isEmpty(): "Jetty logged lines about the sandboxes' server:\n" + jetty.take(5).join('\n')
def started = lines.count { it.contains('Banks Sandbox ') && it.contains(' on http://127.0.0.1:') }
assert started > 1: 'no sandboxes started in this run'

// Nothing needs an exclusion: pdfbox's logging reaches Spring's own Commons Logging bridge, and no
// commons-logging jar makes Spring Boot 3's spring-jcl complain (the application lists the sandbox first).
def discovery = lines.findAll { it.contains('Standard Commons Logging discovery in action') }
assert discovery.isEmpty(): discovery.first()
return true
